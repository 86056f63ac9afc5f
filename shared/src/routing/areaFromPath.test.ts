import { areaFromPath } from './areaFromPath.js';

const AREAS = ['paymentcode', 'singlewindow', 'transcript'] as const;

describe('areaFromPath', () => {
  it('finds the area in the path, with sub-paths, the first area by default', () => {
    expect(areaFromPath('/lms/singlewindow', AREAS)).toBe('singlewindow');
    expect(areaFromPath('/lms/transcript/2025', AREAS)).toBe('transcript');
    expect(areaFromPath('/', AREAS)).toBe('paymentcode');
    expect(areaFromPath('/lms/other', AREAS)).toBe('paymentcode');
  });
});
