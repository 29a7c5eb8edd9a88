/** Signed form for a direct object-store upload (spec §3 plus the form's `action` URL). */
export interface SignatureInfo {
  keyPrefix: string;
  actuallyFileName: string;
  contentType: string;
  policy: string;
  signature: string;
  accessKey: string;
  action: string;
}

/**
 * The text fields of the object-store form, in the order they are posted. The file goes last: an
 * S3-style form endpoint reads fields in order and ignores anything after the file. The policy the
 * platform signs holds conditions on `key`, `Content-Type` and `Filename`.
 */
export const OBJECT_STORE_FORM_FIELDS = ['key', 'signature', 'Content-Type', 'policy', 'Filename', 'AWSAccessKeyId'] as const;
export type ObjectStoreFormField = (typeof OBJECT_STORE_FORM_FIELDS)[number];

/** The form's text fields for one signed upload; `contentType` is used when the signature names none. */
export function objectStoreFormFields(info: SignatureInfo, contentType: string): Array<[ObjectStoreFormField, string]> {
  const values: Record<ObjectStoreFormField, string> = {
    key: `${info.keyPrefix}${info.actuallyFileName}`,
    signature: info.signature,
    'Content-Type': info.contentType || contentType || 'application/octet-stream',
    policy: info.policy,
    Filename: info.actuallyFileName,
    AWSAccessKeyId: info.accessKey,
  };
  return OBJECT_STORE_FORM_FIELDS.map((field) => [field, values[field]]);
}
