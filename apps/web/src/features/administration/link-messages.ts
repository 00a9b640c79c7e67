/**
 * The home header's text for the way into 'Administration': apart from `messages.ts`, so the readers'
 * /home first load carries this one word and not the administration's texts (those load with it).
 */
export const administrationLinkMessages = { open: 'Administration' } as const;
