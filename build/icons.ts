/**
 * Renders the app icons of the web app manifest (shell/public/icons/*.png) from icon.svg in Chromium.
 * The PNGs are committed; run `npx tsx build/icons.ts` after changing the SVG.
 * The artwork keeps to the middle 80 % of the square, so the same file serves as a maskable icon.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const DIR = path.join(__dirname, '..', 'shell', 'public', 'icons');
const SIZES = [192, 512];

async function main() {
  const svg = fs.readFileSync(path.join(DIR, 'icon.svg'), 'utf8');
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    for (const size of SIZES) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
      );
      await page.screenshot({ path: path.join(DIR, `icon-${size}.png`), omitBackground: false });
      await page.close();
      console.log(`icon-${size}.png`);
    }
  } finally {
    await browser.close();
  }
}

void main();
