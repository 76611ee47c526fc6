// The buyer form's data (the cart drawer's "Delivery details"): its fields in order with their
// input types and autofill tokens, the form's values as typed, the identity sent when placing the
// order, and the API's refusal turned into a message per field. Kept apart from the rendering
// (drawer.ts) and the element's state (shoppable-media.ts), which both use it.
import { fieldLabels, type ApiError, type BuyerField, type BuyerIdentity } from './api.js';

export const buyerFields: {
  field: BuyerField;
  type: string;
  autocomplete: string;
  required: boolean;
  wide?: boolean;
}[] = [
  { field: 'firstName', type: 'text', autocomplete: 'given-name', required: true },
  { field: 'lastName', type: 'text', autocomplete: 'family-name', required: true },
  { field: 'address1', type: 'text', autocomplete: 'address-line1', required: true, wide: true },
  { field: 'city', type: 'text', autocomplete: 'address-level2', required: true },
  { field: 'provinceCode', type: 'text', autocomplete: 'address-level1', required: false },
  { field: 'postalCode', type: 'text', autocomplete: 'postal-code', required: true },
  { field: 'countryCode', type: 'text', autocomplete: 'country', required: true },
  { field: 'email', type: 'email', autocomplete: 'email', required: true, wide: true },
  { field: 'phone', type: 'tel', autocomplete: 'tel', required: false, wide: true },
];

/** The form's values as typed. */
export type BuyerForm = Record<BuyerField, string>;

export type FieldErrors = Partial<Record<BuyerField, string>>;

export const emptyBuyer = (): BuyerForm => ({
  firstName: '',
  lastName: '',
  address1: '',
  city: '',
  provinceCode: '',
  postalCode: '',
  countryCode: '',
  email: '',
  phone: '',
});

/** The form filled from the identity the cart already has. */
export function buyerFormOf(identity: Partial<BuyerIdentity>): BuyerForm {
  const buyer = emptyBuyer();
  for (const { field } of buyerFields) buyer[field] = identity[field] ?? '';
  return buyer;
}

/** The identity to send: values trimmed, codes in capitals, empty ones null. */
export function buyerIdentityOf(form: BuyerForm): Partial<BuyerIdentity> {
  const buyer: Partial<BuyerIdentity> = {};
  for (const { field } of buyerFields) {
    let value = form[field].trim();
    if (field === 'countryCode' || field === 'provinceCode') value = value.toUpperCase();
    buyer[field] = value === '' ? null : value;
  }
  return buyer;
}

// The API's checks of an e-mail address and a country code (the domain's buyer identity rules).
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const countryPattern = /^[A-Z]{2}$/;

/**
 * The identity to send while the form is being typed: as buyerIdentityOf, without an e-mail
 * address or a country code the API would refuse as they stand (half typed), so that the rest
 * (the address) prices the cart meanwhile.
 */
export function draftIdentityOf(form: BuyerForm): Partial<BuyerIdentity> {
  const { email, countryCode, ...rest } = buyerIdentityOf(form);
  return {
    ...rest,
    ...(email === null || email === undefined || emailPattern.test(email) ? { email } : {}),
    ...(countryCode === null || countryCode === undefined || countryPattern.test(countryCode) ? { countryCode } : {}),
  };
}

/** A message per buyer field the API refused: its own as a sentence, else one from the field's label. */
export function fieldErrorsOf(apiError: ApiError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const field of apiError.fields) {
    if (!(field in fieldLabels)) continue;
    const name = field as BuyerField;
    const label = fieldLabels[name];
    const message = apiError.fieldMessages[field];
    fieldErrors[name] = message
      ? `${message.charAt(0).toUpperCase()}${message.slice(1)}${/[.!?]$/.test(message) ? '' : '.'}`
      : apiError.code === 'BUYER_IDENTITY_MISSING'
        ? `Enter your ${label.toLowerCase()}.`
        : `Check the ${label.toLowerCase()}.`;
  }
  return fieldErrors;
}
