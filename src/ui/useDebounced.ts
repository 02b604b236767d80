import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delay` ms: what a search-as-you-type picker asks the server for. */
export function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
