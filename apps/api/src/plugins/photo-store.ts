import fp from 'fastify-plugin';
import type { PhotoStore } from '../services/photos/photo-store.ts';
import { photoStoreOf } from '../services/photos/photo-store-of-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where photos' bytes live (PHOTO_STORE, ADR 045). */
    photoStore: PhotoStore;
  }
}

export const photoStorePlugin = fp(
  async (app) => {
    app.decorate('photoStore', await photoStoreOf(app.config.photoStore));
  },
  { name: 'photo-store', dependencies: ['app-context'] },
);
