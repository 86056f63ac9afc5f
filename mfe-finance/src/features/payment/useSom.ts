import { TYIYN_PER_SOM, useFormat } from '@lms/shared';

/**
 * Tyiyn for reading, in the portal's one money format of the interface language:
 * 150050 → '1 500,50 сом' (kg, ru), '1,500.50 som' (en).
 */
export function useSom(): (tyiyn: number) => string {
  const format = useFormat();
  return (tyiyn) => format.money(tyiyn / TYIYN_PER_SOM);
}
