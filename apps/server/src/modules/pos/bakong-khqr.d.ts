/** The few parts of the National Bank of Cambodia's KHQR SDK (CommonJS, untyped) that the till uses. */
declare module 'bakong-khqr' {
  interface KhqrResponse<T> {
    status: { code: number; errorCode: number | null; message: string | null };
    data: T | null;
  }
  interface KhqrOptional {
    currency?: number;
    amount?: number;
    billNumber?: string;
    mobileNumber?: string;
    storeLabel?: string;
    terminalLabel?: string;
    expirationTimestamp?: number;
    merchantCategoryCode?: string;
    languagePreference?: string;
    merchantNameAlternateLanguage?: string;
    merchantCityAlternateLanguage?: string;
  }
  export class IndividualInfo {
    constructor(bakongAccountID: string, merchantName: string, merchantCity: string, optional?: KhqrOptional);
  }
  export class MerchantInfo extends IndividualInfo {
    constructor(
      bakongAccountID: string,
      merchantName: string,
      merchantCity: string,
      merchantID: string,
      acquiringBank: string,
      optional?: KhqrOptional,
    );
  }
  export class BakongKHQR {
    generateIndividual(info: IndividualInfo): KhqrResponse<{ qr: string; md5: string }>;
    generateMerchant(info: MerchantInfo): KhqrResponse<{ qr: string; md5: string }>;
    static verify(qr: string): { isValid: boolean };
    static decode(qr: string): KhqrResponse<Record<string, string | number | null | undefined>>;
  }
  export const khqrData: { currency: { usd: number; khr: number } };
}
