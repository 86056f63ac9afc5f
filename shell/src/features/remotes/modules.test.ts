import { ROLE } from '@lms/shared';
import { audiencesOf } from './modules';

describe('whom the modules are for', () => {
  it('a student and a teacher by their role', () => {
    expect(audiencesOf({ role: ROLE.student })).toEqual(['student']);
    expect(audiencesOf({ role: ROLE.teacher, registrarPerms: false })).toEqual(['teacher']);
  });

  it("the registrar's office gets the registrar's modules, not a teacher's", () => {
    expect(audiencesOf({ role: ROLE.teacher, registrarPerms: true })).toEqual(['registrar']);
  });
});
