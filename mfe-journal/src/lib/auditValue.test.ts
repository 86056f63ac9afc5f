import { auditCellValue } from './auditValue';

describe('auditCellValue', () => {
  it("reads a cell's value, and null for no cell or a text that is not one", () => {
    expect(auditCellValue('{"otsenka":"4","source":"manual"}')).toEqual({
      otsenka: '4',
      source: 'manual',
    });
    expect(auditCellValue('{"otsenka":null,"source":"qr"}')).toEqual({
      otsenka: null,
      source: 'qr',
    });
    expect(auditCellValue('null')).toBeNull();
    expect(auditCellValue('{"tema":"x"}')).toBeNull();
    expect(auditCellValue('not json')).toBeNull();
  });
});
