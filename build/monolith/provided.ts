/** The monolith build provides no shared modules (there is no federation): see shell/src/federation/provided.ts. */
export const PROVIDED = () => [];
