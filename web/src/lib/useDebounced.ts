import { useEffect, useState } from 'react';

/**
 * useDebounced is value once it has stayed the same for ms milliseconds: a search typed letter by
 * letter asks the server once the typing pauses, not once per letter.
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}
