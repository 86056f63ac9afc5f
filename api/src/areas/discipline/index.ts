// Discipline: the filter chain every area's lists start from (years, semesters, disciplines,
// groups, students, teachers).
export { default as disciplineArea } from './area.js';
export { createAcademicRepository, type AcademicRepository, type Chain } from './repository.js';
export { currentTerm } from './current-term.js';
