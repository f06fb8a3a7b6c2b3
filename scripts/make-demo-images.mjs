#!/usr/bin/env node
// Draws the demo products' pictures (flat illustrations, one SVG template per kind of product) and writes them
// as 480x480 WebP files to apps/server/assets/demo-images/, which the demo seed copies into the media store.
// Run after changing a picture: node scripts/make-demo-images.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const sharp = require('sharp');
const OUT = fileURLToPath(new URL('../apps/server/assets/demo-images/', import.meta.url));

const frame = (bg, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg[0]}"/><stop offset="1" stop-color="${bg[1]}"/></linearGradient></defs>
  <rect width="480" height="480" fill="url(#bg)"/>
  <ellipse cx="240" cy="400" rx="150" ry="22" fill="#000" opacity="0.10"/>
  ${body}
</svg>`;

const hotCup = (drink, foam) => `
  <path d="M120 190 h220 l-22 190 a30 30 0 0 1 -30 26 h-116 a30 30 0 0 1 -30 -26 z" fill="#ffffff"/>
  <path d="M340 220 a45 45 0 0 1 0 90 h-14 l4 -26 h10 a19 19 0 0 0 0 -38 h-6 z" fill="#ffffff"/>
  <ellipse cx="230" cy="192" rx="110" ry="22" fill="${drink}"/>
  ${foam ? `<ellipse cx="230" cy="190" rx="70" ry="12" fill="${foam}"/><path d="M205 188 q25 -14 50 0 q-25 10 -50 0" fill="${drink}" opacity="0.6"/>` : ''}
  <path d="M190 150 q-14 -22 0 -44 q14 -22 0 -44" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.7" stroke-linecap="round"/>
  <path d="M250 150 q-14 -22 0 -44 q14 -22 0 -44" stroke="#ffffff" stroke-width="8" fill="none" opacity="0.7" stroke-linecap="round"/>`;

const icedGlass = (drink, top) => `
  <path d="M140 120 h200 l-26 270 a20 20 0 0 1 -20 18 h-108 a20 20 0 0 1 -20 -18 z" fill="#ffffff" opacity="0.55"/>
  <path d="M150 200 h180 l-18 188 a16 16 0 0 1 -16 14 h-112 a16 16 0 0 1 -16 -14 z" fill="${drink}"/>
  ${top ? `<path d="M150 200 h180 l-4 40 h-172 z" fill="${top}"/>` : ''}
  <rect x="178" y="214" width="42" height="42" rx="8" fill="#ffffff" opacity="0.55" transform="rotate(-12 199 235)"/>
  <rect x="244" y="236" width="40" height="40" rx="8" fill="#ffffff" opacity="0.5" transform="rotate(14 264 256)"/>
  <rect x="262" y="60" width="14" height="200" rx="7" fill="#ef5350" transform="rotate(16 269 160)"/>`;

const pastry = (color, shade) => `
  <path d="M90 300 q150 -190 300 0 q-30 40 -150 42 q-120 -2 -150 -42 z" fill="${color}"/>
  <path d="M150 245 q40 40 30 96 M215 215 q20 60 10 128 M280 228 q-10 60 -30 114 M335 262 q-30 40 -50 74" stroke="${shade}" stroke-width="10" fill="none" stroke-linecap="round"/>`;

const cake = (sponge, cream, top) => `
  <path d="M110 330 l250 -90 v110 l-250 40 z" fill="${sponge}"/>
  <path d="M110 330 l250 -90 l-10 -20 l-250 80 z" fill="${cream}"/>
  <path d="M110 390 v-60 l-20 -30 v70 z" fill="${sponge}" opacity="0.8"/>
  <path d="M90 300 l20 30 l250 -90 l-20 -30 z" fill="${top}"/>
  <circle cx="300" cy="200" r="22" fill="#e53935"/>`;

const bottle = (liquid, label) => `
  <path d="M205 70 h70 v60 q40 30 40 80 v180 a24 24 0 0 1 -24 24 h-102 a24 24 0 0 1 -24 -24 v-180 q0 -50 40 -80 z" fill="${liquid}" opacity="0.9"/>
  <rect x="200" y="50" width="80" height="30" rx="6" fill="#1e88e5"/>
  <rect x="165" y="230" width="150" height="90" rx="8" fill="${label}"/>
  <rect x="185" y="255" width="110" height="14" rx="7" fill="#ffffff" opacity="0.8"/>
  <rect x="200" y="282" width="80" height="10" rx="5" fill="#ffffff" opacity="0.6"/>`;

const can = (color, stripe) => `
  <rect x="160" y="110" width="160" height="280" rx="22" fill="${color}"/>
  <ellipse cx="240" cy="112" rx="80" ry="16" fill="#cfd8dc"/>
  <path d="M160 250 q80 -60 160 0 v40 q-80 -60 -160 0 z" fill="${stripe}"/>
  <rect x="180" y="140" width="20" height="210" rx="10" fill="#ffffff" opacity="0.25"/>`;

const snackBag = (color, accent) => `
  <path d="M140 100 h200 l-10 20 l20 260 l-10 20 h-200 l-10 -20 l20 -260 z" fill="${color}"/>
  <circle cx="240" cy="250" r="62" fill="${accent}"/>
  <circle cx="220" cy="238" r="14" fill="#ffffff" opacity="0.6"/><circle cx="258" cy="262" r="12" fill="#ffffff" opacity="0.5"/>`;

const sandwich = () => `
  <path d="M70 280 q170 -120 340 0 q-20 40 -170 46 q-150 -6 -170 -46 z" fill="#d7a35b"/>
  <path d="M100 282 q140 40 280 0" stroke="#7cb342" stroke-width="18" fill="none" stroke-linecap="round"/>
  <path d="M110 296 q130 30 260 0" stroke="#e53935" stroke-width="12" fill="none" stroke-linecap="round"/>
  <path d="M140 230 l30 -20 M200 212 l30 -18 M260 210 l30 -16 M320 222 l24 -14" stroke="#b37a2c" stroke-width="8" stroke-linecap="round"/>`;

const tray = (a, b) => `
  <rect x="70" y="330" width="340" height="30" rx="15" fill="#8d6e63"/>
  <path d="M110 200 h120 l-12 120 a20 20 0 0 1 -20 16 h-56 a20 20 0 0 1 -20 -16 z" fill="#ffffff"/>
  <ellipse cx="170" cy="202" rx="60" ry="12" fill="${a}"/>
  <path d="M250 320 q70 -110 140 0 q-70 16 -140 0 z" fill="${b}"/>`;

/** file name -> [background gradient, body] */
const PICTURES = {
  espresso: [['#f3e0c7', '#e0bb8f'], hotCup('#3e2723', null)],
  americano: [['#efe3d3', '#d7b98f'], hotCup('#4e342e', null)],
  cappuccino: [['#f7e7d5', '#e8c39e'], hotCup('#6d4c41', '#f5e6d3')],
  latte: [['#fbe9d8', '#f1c9a5'], hotCup('#a1887f', '#fff3e0')],
  mocha: [['#f1ddd0', '#cfa083'], hotCup('#5d4037', '#d7ccc8')],
  'khmer-coffee': [['#f6e2c6', '#deb07a'], hotCup('#4e2c1c', '#f0d9b5')],
  'iced-latte': [['#e3f2fd', '#b3d7f2'], icedGlass('#c8a27c', '#f5e6d3')],
  'iced-americano': [['#e0f2f1', '#a7d8d2'], icedGlass('#4e342e', null)],
  'iced-khmer-coffee': [['#fff3e0', '#ffd199'], icedGlass('#6d4c41', '#efe0c9')],
  'caramel-macchiato': [['#fff8e1', '#ffe0a3'], icedGlass('#d7a86e', '#fff3e0')],
  'green-tea-latte': [['#f1f8e9', '#c5e1a5'], icedGlass('#9ccc65', '#f1f8e9')],
  'lemon-tea': [['#fffde7', '#fff59d'], icedGlass('#f9a825', null)],
  'jasmine-tea': [['#f1f8e9', '#dcedc8'], hotCup('#c0ca33', null)],
  'thai-milk-tea': [['#fff3e0', '#ffcc80'], icedGlass('#f57c00', '#fff3e0')],
  'mango-smoothie': [['#fff8e1', '#ffe082'], icedGlass('#ffb300', '#fff8e1')],
  'passion-fruit-smoothie': [['#fce4ec', '#f8bbd0'], icedGlass('#f9a825', '#6a1b9a')],
  'strawberry-smoothie': [['#fce4ec', '#f48fb1'], icedGlass('#ec407a', '#fce4ec')],
  'avocado-shake': [['#f1f8e9', '#aed581'], icedGlass('#9ccc65', '#f9fbe7')],
  croissant: [['#fff8e1', '#ffe0b2'], pastry('#e0a04a', '#b8742a')],
  'chocolate-muffin': [['#efebe9', '#d7ccc8'], pastry('#5d4037', '#3e2723')],
  'banana-bread': [['#fffde7', '#ffecb3'], pastry('#c68a43', '#8d5a26')],
  cheesecake: [['#fffde7', '#fff9c4'], cake('#fff3c4', '#ffffff', '#f6c26b')],
  'num-pang': [['#fff3e0', '#ffe0b2'], sandwich()],
  cookies: [['#efebe9', '#ffe0b2'], snackBag('#8d6e63', '#d7a35b')],
  'potato-chips': [['#fffde7', '#fff176'], snackBag('#f9a825', '#ffe082')],
  'cola-can': [['#ffebee', '#ef9a9a'], can('#d32f2f', '#ffffff')],
  'lemon-soda-can': [['#f1f8e9', '#c5e1a5'], can('#43a047', '#fff59d')],
  'canned-coffee': [['#efebe9', '#bcaaa4'], can('#4e342e', '#d7a35b')],
  'energy-drink-can': [['#e3f2fd', '#90caf9'], can('#1565c0', '#c0c0c0')],
  'water-bottle': [['#e1f5fe', '#81d4fa'], bottle('#b3e5fc', '#0288d1')],
  'orange-juice': [['#fff3e0', '#ffcc80'], bottle('#ffa726', '#ef6c00')],
  'fresh-milk': [['#e3f2fd', '#bbdefb'], bottle('#fafafa', '#1e88e5')],
  'beer-bottle': [['#fff8e1', '#ffe082'], bottle('#8d6e00', '#1b5e20')],
  'breakfast-set': [['#fff3e0', '#ffe0b2'], tray('#4e342e', '#e0a04a')],
  'coffee-and-cake': [['#fce4ec', '#f8bbd0'], tray('#a1887f', '#fff3c4')],
  'fried-rice': [['#fffde7', '#ffe082'], pastry('#f6c26b', '#e57373')],
  'lok-lak': [['#efebe9', '#d7ccc8'], pastry('#6d4c41', '#7cb342')],
  'party-pack': [['#ffebee', '#ffcdd2'], tray('#d32f2f', '#d32f2f')],
};

mkdirSync(OUT, { recursive: true });
for (const [name, [bg, body]] of Object.entries(PICTURES)) {
  const png = await sharp(Buffer.from(frame(bg, body)))
    .webp({ quality: 78 })
    .toBuffer();
  writeFileSync(join(OUT, `${name}.webp`), png);
}
process.stdout.write(`${Object.keys(PICTURES).length} pictures written to ${OUT}\n`);
