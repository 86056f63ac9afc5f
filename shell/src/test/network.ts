import { http } from '@lms/shared';
import { stubApi as stubInstance, type StubbedApi } from '@lms/shared/testing';

export { deferred, ok, refused, settled, type Reply, type StubbedApi } from '@lms/shared/testing';

/** The portal's API stubbed at the axios adapter of the one shared client. */
export const stubApi = (routes: StubbedApi['routes'] = {}): StubbedApi =>
  stubInstance(http, routes);
