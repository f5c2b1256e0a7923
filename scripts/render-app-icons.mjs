#!/usr/bin/env node
/**
 * `node scripts/render-app-icons.mjs`: renders the installed app's PNG icons (issue 30) from the
 * favicon, apps/web/public/favicon.svg, with the Chromium the e2e suite uses (playwright-core). Run
 * once and commit the PNGs: no image package enters the build for four small files. Rerun when the
 * favicon changes.
 * - icon-192.png, icon-512.png: the favicon as it is (rounded square, transparent corners);
 * - icon-maskable-512.png: full-bleed brand blue with the mark inside the maskable safe zone (the
 *   centre circle of 80% diameter), for launchers that cut their own shape;
 * - apple-touch-icon.png (180): the same full-bleed art; iOS rounds the corners itself and would
 *   fill transparent ones with black.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const PUBLIC = path.resolve(import.meta.dirname, '../apps/web/public');
const favicon = fs.readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');

const ROUNDED_BACKGROUND = /<rect width="64" height="64" rx="14" fill="(#[0-9a-f]{6})"\/>/i;
const background = ROUNDED_BACKGROUND.exec(favicon);
if (!background) throw new Error('favicon.svg no longer starts with its rounded 64×64 background: update this script');
// Scaled to 80% and centred, the mark (x 5.5–58.5, y 27–48.5 with its strokes) lies within 23 units
// of the middle: inside the safe zone's radius of 25.6.
const fullBleed = favicon
  .replace(
    ROUNDED_BACKGROUND,
    `<rect width="64" height="64" fill="${background[1]}"/><g transform="translate(6.4 2) scale(0.8)">`,
  )
  .replace(/<\/svg>\s*$/, '</g></svg>');

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  fs.mkdirSync(path.join(PUBLIC, 'icons'), { recursive: true });
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: path.join(PUBLIC, 'icons', file), omitBackground: true });
    await page.close();
    console.log(`apps/web/public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
