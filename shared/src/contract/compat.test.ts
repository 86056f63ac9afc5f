import {
  FEDERATION_RUNTIME,
  manifestRequirements,
  sharedMismatches,
  sharedVersionSatisfies,
} from './compat.js';

describe('shared singleton compatibility', () => {
  it.each([
    ['19.3.1', '19.3.1', true],
    ['19.4.0', '19.3.1', true],
    ['19.2.0', '19.3.1', false],
    ['20.0.0', '19.3.1', false],
    ['0.1.0', '^0.1.0', true],
    ['0.1.0', '^1.0.0', false],
    ['0.1.0', '>=0.1.0 <1.0.0', true],
    ['7.18.5', '7.x', true],
    ['7.18.5', '6.x || 7.x', true],
    ['7.18.5', '*', true],
    ['7.18.5', 'not-a-range', false],
  ])('%s provides %s: %s', (provided, required, expected) => {
    expect(sharedVersionSatisfies(provided, required)).toBe(expected);
  });

  it('names each checked package the shell cannot give, and ignores the others', () => {
    const provided = { react: '19.3.1', 'react-dom': '19.3.1', '@lms/shared': '0.1.0' };
    const required = manifestRequirements({
      shared: [
        { name: 'react', requiredVersion: '19.3.1' },
        { name: '@lms/shared', requiredVersion: '^2.0.0' },
        { name: 'react-router-dom', requiredVersion: '7.18.5' },
        { name: 'axios', requiredVersion: '^9.0.0' },
        { name: 'react/jsx-runtime', requiredVersion: '^20.0.0' },
      ],
    });
    expect(sharedMismatches(provided, required)).toEqual([
      { name: '@lms/shared', required: '^2.0.0', provided: '0.1.0' },
      { name: 'react-router-dom', required: '7.18.5', provided: null },
      { name: 'react/jsx-runtime', required: '^20.0.0', provided: '19.3.1' },
    ]);
    expect(manifestRequirements(null)).toEqual({});
  });

  it('refuses a build that takes the federation runtime from a shell that does not give it', () => {
    const required = manifestRequirements({
      shared: [{ name: 'react', requiredVersion: '^19.3.1' }],
      metaData: { requires: { [FEDERATION_RUNTIME]: '^2.9.2', ignored: 7 } },
    });
    expect(required).toEqual({ react: '^19.3.1', [FEDERATION_RUNTIME]: '^2.9.2' });
    // A shell from before the runtime was shared: it does not list it.
    expect(sharedMismatches({ react: '19.3.1' }, required)).toEqual([
      { name: FEDERATION_RUNTIME, required: '^2.9.2', provided: null },
    ]);
    expect(sharedMismatches({ react: '19.3.1', [FEDERATION_RUNTIME]: '3.0.0' }, required)).toEqual([
      { name: FEDERATION_RUNTIME, required: '^2.9.2', provided: '3.0.0' },
    ]);
    expect(sharedMismatches({ react: '19.3.1', [FEDERATION_RUNTIME]: '2.10.0' }, required)).toEqual(
      [],
    );
    // A remote that carries its own runtime (no `requires`) runs in either shell.
    expect(
      sharedMismatches({ react: '19.3.1' }, manifestRequirements({ metaData: { requires: [] } })),
    ).toEqual([]);
  });
});
