// Stands in for vite-plugin-pwa's virtual module, which only the app's build provides; tests mock it.
export function registerSW(_options: { immediate?: boolean }): void {}
