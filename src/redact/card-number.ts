/** True when the digits pass the Luhn check that every payment card number carries. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Issuer prefixes and lengths of the common networks: a Luhn-valid 13-digit timestamp or order
// number that no network issues is left alone.
const NETWORKS: readonly { prefix: RegExp; lengths: readonly number[] }[] = [
  { prefix: /^4/, lengths: [13, 16, 19] }, // Visa
  { prefix: /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, lengths: [16] }, // Mastercard
  { prefix: /^3[47]/, lengths: [15] }, // American Express
  { prefix: /^(6011|65|64[4-9])/, lengths: [16, 17, 18, 19] }, // Discover
  { prefix: /^(3(0[0-5]|[68]))/, lengths: [14, 16, 19] }, // Diners Club
  { prefix: /^35(2[89]|[3-8]\d)/, lengths: [16, 17, 18, 19] }, // JCB
  { prefix: /^(5018|5020|5038|6304|6759|676[1-3])/, lengths: [12, 13, 14, 15, 16, 17, 18, 19] }, // Maestro
];

/** True for a payment card number, written with or without spaces or dashes. */
export function isCardNumber(text: string): boolean {
  const digits = text.replace(/[ -]/g, '');
  const network = NETWORKS.find((n) => n.prefix.test(digits));
  return (network?.lengths.includes(digits.length) ?? false) && luhn(digits);
}
