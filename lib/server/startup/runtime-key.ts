/** Where the process's one runtime (store, watcher, search) is kept on globalThis (see get-store.ts). */
export const RUNTIME_KEY = Symbol.for('sessionscope.runtime');
