export const customerSelectMessages = {
  heading: 'Vælg kunde',
  loadingCustomers: 'Henter kunder....',
  loadingCustomer: 'Henter kunde...',
  choose: 'Vælg',
  /** Accessible name of a customer's button, so the buttons can be told apart. */
  chooseCustomer: (name: string) => `Vælg ${name}`,
  wait: 'Vent...',
  noCustomers: 'Der er ingen kunder knyttet til din bruger.',
} as const;
