/**
 * The EMVCo merchant-presented QR payload (EMV QRCPS) that Kyrgyz banks' QR payments follow:
 * tag-length-value fields, currency 417 (KGS), country KG, and a CRC-16/CCITT-FALSE of the whole
 * payload in tag 63. Which bank's merchant-account template (tags 26–51) and which receiver
 * account go in it is configuration (`PaymentsConfig.qr`), not code.
 */

export interface QrField {
  id: string;
  value: string;
}

export interface QrMerchantConfig {
  /** The merchant-account template's tag, '26'..'51', as the receiver's bank assigns it. */
  accountTag: string;
  /** Its sub-fields, e.g. [{ id: '00', value: <bank's GUID> }, { id: '01', value: <account> }]. */
  accountFields: QrField[];
  /** Merchant category code (tag 52); 8220 = colleges and universities. */
  categoryCode: string;
  /** Tag 59, at most 25 characters. */
  merchantName: string;
  /** Tag 60, at most 15 characters. */
  merchantCity: string;
}

export const KGS_NUMERIC = '417';
export const COUNTRY_KG = 'KG';

/** One TLV field: two-digit id, two-digit length, value. */
export function tlv(id: string, value: string): string {
  if (!/^[0-9]{2}$/.test(id)) throw new RangeError(`QR field id ${id} is not two digits`);
  if (value.length > 99) throw new RangeError(`QR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as four upper-case hex digits. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Tyiyn as the QR's decimal amount: 150050 → '1500.50'. */
export function formatQrAmount(tyiyn: number): string {
  if (!Number.isSafeInteger(tyiyn) || tyiyn < 1) throw new RangeError(`bad amount ${tyiyn}`);
  return `${Math.floor(tyiyn / 100)}.${String(tyiyn % 100).padStart(2, '0')}`;
}

/** The payload for one payment code and amount (a dynamic QR: point of initiation 12). */
export function buildPaymentQr(
  config: QrMerchantConfig,
  payment: { code: string; amount: number },
): string {
  const accountTag = Number(config.accountTag);
  if (!(accountTag >= 26 && accountTag <= 51)) {
    throw new RangeError(`merchant account tag ${config.accountTag} is not 26..51`);
  }
  const account = config.accountFields.map((field) => tlv(field.id, field.value)).join('');
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv(config.accountTag, account),
    tlv('52', config.categoryCode),
    tlv('53', KGS_NUMERIC),
    tlv('54', formatQrAmount(payment.amount)),
    tlv('58', COUNTRY_KG),
    tlv('59', config.merchantName.slice(0, 25)),
    tlv('60', config.merchantCity.slice(0, 15)),
    // Additional data: 01 bill number = the payment code, 05 reference label = the same.
    tlv('62', tlv('01', payment.code) + tlv('05', payment.code)),
  ].join('');
  const withCrcTag = `${body}6304`;
  return `${withCrcTag}${crc16(withCrcTag)}`;
}

/** Reads a TLV string into its fields (in order); throws on a malformed one. */
export function parseTlv(text: string): QrField[] {
  const fields: QrField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^[0-9]{2}$/.test(id) || !/^[0-9]{2}$/.test(text.slice(at + 2, at + 4))) {
      throw new SyntaxError(`malformed QR field at ${at}`);
    }
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new SyntaxError(`QR field ${id} is cut short`);
    fields.push({ id, value });
    at += 4 + length;
  }
  return fields;
}

/** Is the payload's CRC (its last field, tag 63) right? */
export function hasValidCrc(payload: string): boolean {
  if (!/6304[0-9A-F]{4}$/.test(payload)) return false;
  return crc16(payload.slice(0, -4)) === payload.slice(-4);
}
