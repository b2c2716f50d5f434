/**
 * The UPI payment details players pay to: the upi://pay link and its QR code (api-get-qr-pay), from
 * the settings upi_id and payee_name. The operator console shows the same QR code under Settings.
 */
import QRCode from 'qrcode';
import { upiPayUri } from '@matka/shared/domain';

const qrCache = new Map<string, string>();

/** The QR payment data of the settings: the image (a PNG data URL), the UPI id, the payee and the link. */
export async function upiQr(settings: Record<string, string>) {
  const upiId = settings.upi_id ?? '';
  const payee = settings.payee_name ?? '';
  const uri = upiPayUri({ pa: upiId, pn: payee });
  let img = qrCache.get(uri);
  if (!img) {
    img = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
    if (qrCache.size > 20) qrCache.clear();
    qrCache.set(uri, img);
  }
  return { qr_image: img, upi_id: upiId, payee_name: payee, upi_uri: uri };
}
