import { nextQrAskMs, parseFragment, parseScannedText, secondsLeft } from './scan';

describe('the QR scan', () => {
  it("reads the token, lesson and room from the QR's address", () => {
    expect(parseScannedText('https://lms.example.kg/lms/api/qr/scan?t=5.17.abc&s=12&a=3')).toEqual({
      token: '5.17.abc',
      idShed: 12,
      idAud: 3,
    });
    expect(parseScannedText('/lms/api/qr/scan?t=5.17.abc')).toEqual({
      token: '5.17.abc',
      idShed: undefined,
      idAud: undefined,
    });
  });

  it('refuses anything that is not the portal QR', () => {
    expect(parseScannedText('https://example.com/?t=1')).toBeNull();
    expect(parseScannedText('/lms/api/qr/scan?s=1')).toBeNull();
    expect(parseScannedText('hello')).toBeNull();
  });

  it('reads the claim or the error the camera-app route left', () => {
    expect(parseFragment('#claim=1.2.x&s=4&a=5')).toEqual({
      claim: '1.2.x',
      error: undefined,
      idShed: 4,
      idAud: 5,
    });
    expect(parseFragment('#error=tokenExpired').error).toBe('tokenExpired');
  });

  it('counts down to the rotation in server time', () => {
    expect(secondsLeft(20_000, 1_000, 10_000)).toBe(9);
    expect(secondsLeft(20_000, 0, 25_000)).toBe(0);
  });

  it("asks for the next QR when the server's clock says it rotates, whatever this clock says", () => {
    expect(nextQrAskMs({ serverTime: 1_000_000, rotatesAt: 1_004_000, rotateMs: 10_000 })).toBe(
      4_050,
    );
    // Just before the rotation: a short wait, not a busy loop.
    expect(nextQrAskMs({ serverTime: 1_009_990, rotatesAt: 1_010_000, rotateMs: 10_000 })).toBe(
      250,
    );
    // An answer that names a far rotation still leaves the code at most one step old.
    expect(nextQrAskMs({ serverTime: 0, rotatesAt: 600_000, rotateMs: 10_000 })).toBe(10_000);
  });
});
