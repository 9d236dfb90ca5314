/** A store that reports each call failing with StoreUnavailable (for the store-errors metric), else unchanged. */
import { type Store, StoreUnavailable } from "./types.ts";

export function reportingUnavailable(store: Store, onUnavailable: () => void): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        if (result instanceof Promise) {
          result.catch((err: unknown) => {
            if (err instanceof StoreUnavailable) onUnavailable();
          });
        }
        return result;
      };
    },
  });
}
