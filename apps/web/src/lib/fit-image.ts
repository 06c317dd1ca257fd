/**
 * A picture within `maxPixels`, scaled down in the browser when it has more: a phone photo (12
 * megapixels) becomes a profile photo the server accepts (4) without the person doing anything.
 * Anything the browser cannot read or redraw is sent as it is, for the server to judge.
 */
export async function fitImage(file: File, maxPixels: number): Promise<File> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const pixels = bitmap.width * bitmap.height;
    if (pixels <= maxPixels) return file;
    // A little under the limit, so rounding never lands a pixel over it.
    const scale = Math.sqrt(maxPixels / pixels) * 0.99;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.floor(bitmap.width * scale));
    canvas.height = Math.max(1, Math.floor(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    // WebP keeps transparency; a browser that cannot write it gets JPEG.
    let blob = await toBlob(canvas, 'image/webp');
    if (blob?.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg');
    if (!blob) return file;
    const name = `${file.name.replace(/\.[^.]*$/, '') || 'photo'}.${blob.type === 'image/webp' ? 'webp' : 'jpg'}`;
    return new File([blob], name, { type: blob.type });
  } finally {
    bitmap.close();
  }
}

const toBlob = (canvas: HTMLCanvasElement, type: string) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
