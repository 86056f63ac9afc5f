/**
 * The area of a remote that serves several shell routes: the first path segment naming one of
 * `areas` (/lms/<area>, also with sub-paths); anything else is the first area.
 */
export function areaFromPath<Area extends string>(pathname: string, areas: readonly Area[]): Area {
  const isArea = (segment: string): segment is Area =>
    (areas as readonly string[]).includes(segment);
  const first = areas[0];
  if (first === undefined) throw new Error('areaFromPath needs at least one area');
  return pathname.split('/').find(isArea) ?? first;
}
