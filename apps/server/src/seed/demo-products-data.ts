/**
 * The demo shops' products, as a shop owner would enter them: names, pictures (files in assets/demo-images),
 * category, brand and unit by name, prices in dollars. Variation products name their variations and what each
 * value adds to the price; combos name their components.
 */
export interface DemoVariation {
  name: string;
  values: string[];
  /** What each value adds to the product's price, in dollars (same order as values); none: no change. */
  extra?: string[];
}

export interface DemoProduct {
  name: string;
  image: string;
  category: string;
  brand?: string;
  unit: string;
  cost: string;
  price: string;
  discount?: string;
  description?: string;
  /** A real-looking EAN-13 body of 12 digits; the seed adds the check digit. */
  ean12?: string;
  variations?: DemoVariation[];
  combo?: Array<{ product: string; variant?: string[]; quantity: string }>;
  /** Not kept in stock (made to order). */
  madeToOrder?: boolean;
  hasExpiry?: boolean;
}

const SIZE: DemoVariation = { name: 'Size', values: ['Small', 'Medium', 'Large'], extra: ['0', '0.50', '1.00'] };
const SUGAR: DemoVariation = { name: 'Sugar', values: ['0%', '50%', '100%'] };

export const COFFEE_PRODUCTS: DemoProduct[] = [
  { name: 'Espresso', image: 'espresso', category: 'Hot coffee', unit: 'Cup', cost: '0.45', price: '1.50', madeToOrder: true, description: 'A double shot of our house blend.' },
  { name: 'Americano', image: 'americano', category: 'Hot coffee', unit: 'Cup', cost: '0.50', price: '1.75', madeToOrder: true },
  { name: 'Cappuccino', image: 'cappuccino', category: 'Hot coffee', unit: 'Cup', cost: '0.70', price: '2.25', madeToOrder: true },
  { name: 'Latte', image: 'latte', category: 'Hot coffee', unit: 'Cup', cost: '0.75', price: '2.25', madeToOrder: true, variations: [SIZE], description: 'Espresso with steamed milk.' },
  { name: 'Mocha', image: 'mocha', category: 'Hot coffee', unit: 'Cup', cost: '0.85', price: '2.50', madeToOrder: true },
  { name: 'Khmer coffee with condensed milk', image: 'khmer-coffee', category: 'Hot coffee', unit: 'Cup', cost: '0.40', price: '1.25', madeToOrder: true, variations: [SUGAR] },
  { name: 'Iced latte', image: 'iced-latte', category: 'Iced coffee', unit: 'Cup', cost: '0.80', price: '2.50', madeToOrder: true, variations: [SIZE, SUGAR] },
  { name: 'Iced Americano', image: 'iced-americano', category: 'Iced coffee', unit: 'Cup', cost: '0.55', price: '2.00', madeToOrder: true, variations: [SIZE] },
  { name: 'Iced Khmer coffee', image: 'iced-khmer-coffee', category: 'Iced coffee', unit: 'Cup', cost: '0.45', price: '1.50', madeToOrder: true, variations: [SUGAR] },
  { name: 'Iced caramel macchiato', image: 'caramel-macchiato', category: 'Iced coffee', unit: 'Cup', cost: '0.95', price: '2.95', madeToOrder: true, discount: '0.25' },
  { name: 'Green tea latte', image: 'green-tea-latte', category: 'Tea', unit: 'Cup', cost: '0.70', price: '2.25', madeToOrder: true, variations: [SIZE] },
  { name: 'Lemon iced tea', image: 'lemon-tea', category: 'Tea', unit: 'Cup', cost: '0.35', price: '1.50', madeToOrder: true },
  { name: 'Jasmine tea', image: 'jasmine-tea', category: 'Tea', unit: 'Cup', cost: '0.25', price: '1.25', madeToOrder: true },
  { name: 'Thai milk tea', image: 'thai-milk-tea', category: 'Tea', unit: 'Cup', cost: '0.55', price: '1.95', madeToOrder: true, variations: [SIZE, SUGAR] },
  { name: 'Mango smoothie', image: 'mango-smoothie', category: 'Smoothies', unit: 'Cup', cost: '0.90', price: '2.75', madeToOrder: true, variations: [SIZE] },
  { name: 'Passion fruit smoothie', image: 'passion-fruit-smoothie', category: 'Smoothies', unit: 'Cup', cost: '0.85', price: '2.75', madeToOrder: true },
  { name: 'Strawberry smoothie', image: 'strawberry-smoothie', category: 'Smoothies', unit: 'Cup', cost: '1.00', price: '3.00', madeToOrder: true },
  { name: 'Avocado shake', image: 'avocado-shake', category: 'Smoothies', unit: 'Cup', cost: '1.10', price: '3.25', madeToOrder: true },
  { name: 'Butter croissant', image: 'croissant', category: 'Bakery', unit: 'Piece', cost: '0.60', price: '1.75', hasExpiry: true, ean12: '210000000101' },
  { name: 'Chocolate muffin', image: 'chocolate-muffin', category: 'Bakery', unit: 'Piece', cost: '0.55', price: '1.50', hasExpiry: true, ean12: '210000000102' },
  { name: 'Banana bread', image: 'banana-bread', category: 'Bakery', unit: 'Piece', cost: '0.50', price: '1.50', hasExpiry: true, ean12: '210000000103' },
  { name: 'Baked cheesecake', image: 'cheesecake', category: 'Bakery', unit: 'Piece', cost: '0.95', price: '2.75', hasExpiry: true, ean12: '210000000104' },
  { name: 'Num pang pâté', image: 'num-pang', category: 'Bakery', unit: 'Piece', cost: '0.70', price: '2.00', hasExpiry: true, description: 'Khmer baguette with pâté, pickles and chilli.' },
  { name: 'Butter cookies', image: 'cookies', category: 'Snacks', unit: 'Piece', cost: '0.40', price: '1.00', hasExpiry: true, ean12: '884912003310' },
  { name: 'Potato chips', image: 'potato-chips', category: 'Snacks', unit: 'Piece', cost: '0.45', price: '1.00', hasExpiry: true, ean12: '885000112233' },
  { name: 'Coca-Cola can 330ml', image: 'cola-can', category: 'Bottled drinks', brand: 'Coca-Cola', unit: 'Can', cost: '0.35', price: '0.75', hasExpiry: true, ean12: '544900000099' },
  { name: 'Sprite can 330ml', image: 'lemon-soda-can', category: 'Bottled drinks', brand: 'Coca-Cola', unit: 'Can', cost: '0.35', price: '0.75', hasExpiry: true, ean12: '544900013048' },
  { name: 'Nescafé canned coffee', image: 'canned-coffee', category: 'Bottled drinks', brand: 'Nescafé', unit: 'Can', cost: '0.45', price: '1.00', hasExpiry: true, ean12: '885011007788' },
  { name: 'Energy drink 250ml', image: 'energy-drink-can', category: 'Bottled drinks', unit: 'Can', cost: '0.40', price: '0.90', hasExpiry: true, ean12: '885123450011' },
  { name: 'Vital water 500ml', image: 'water-bottle', category: 'Bottled drinks', brand: 'Vital', unit: 'Bottle', cost: '0.15', price: '0.50', hasExpiry: true, ean12: '884123400015' },
  { name: 'Vital water 1.5L', image: 'water-bottle', category: 'Bottled drinks', brand: 'Vital', unit: 'Bottle', cost: '0.30', price: '0.90', hasExpiry: true, ean12: '884123400022' },
  { name: 'Fresh orange juice', image: 'orange-juice', category: 'Bottled drinks', unit: 'Bottle', cost: '0.80', price: '2.25', hasExpiry: true },
  { name: 'Coca-Cola box of 24', image: 'cola-can', category: 'Bottled drinks', brand: 'Coca-Cola', unit: 'Box of 24', cost: '8.00', price: '16.50', hasExpiry: true, ean12: '544900000105' },
  {
    name: 'Breakfast set', image: 'breakfast-set', category: 'Bakery', unit: 'Piece', cost: '1.10', price: '3.00', description: 'An Americano and a butter croissant.',
    combo: [{ product: 'Americano', quantity: '1' }, { product: 'Butter croissant', quantity: '1' }],
  },
  {
    name: 'Coffee and cake', image: 'coffee-and-cake', category: 'Bakery', unit: 'Piece', cost: '1.70', price: '4.50',
    combo: [{ product: 'Latte', variant: ['Medium'], quantity: '1' }, { product: 'Baked cheesecake', quantity: '1' }],
  },
  {
    name: 'Cola party pack (6 cans)', image: 'party-pack', category: 'Bottled drinks', brand: 'Coca-Cola', unit: 'Piece', cost: '2.10', price: '4.00',
    combo: [{ product: 'Coca-Cola can 330ml', quantity: '6' }],
  },
  {
    name: 'Study duo', image: 'iced-latte', category: 'Iced coffee', unit: 'Piece', cost: '1.60', price: '4.50', description: 'Two large iced lattes, half sugar.',
    combo: [{ product: 'Iced latte', variant: ['Large', '50%'], quantity: '2' }],
  },
];

export const KARAOKE_PRODUCTS: DemoProduct[] = [
  { name: 'Angkor beer can', image: 'beer-bottle', category: 'Beer', unit: 'Can', cost: '0.55', price: '1.50', hasExpiry: true, ean12: '884300010013' },
  { name: 'Cambodia beer can', image: 'beer-bottle', category: 'Beer', unit: 'Can', cost: '0.50', price: '1.50', hasExpiry: true, ean12: '884300010020' },
  { name: 'Coca-Cola can', image: 'cola-can', category: 'Soft drinks', unit: 'Can', cost: '0.35', price: '1.00', hasExpiry: true },
  { name: 'Drinking water', image: 'water-bottle', category: 'Soft drinks', unit: 'Bottle', cost: '0.15', price: '0.75', hasExpiry: true },
  { name: 'Beef lok lak', image: 'lok-lak', category: 'Khmer food', unit: 'Plate', cost: '1.80', price: '5.50', madeToOrder: true },
  { name: 'Fried rice with chicken', image: 'fried-rice', category: 'Khmer food', unit: 'Plate', cost: '1.20', price: '3.75', madeToOrder: true },
  { name: 'Potato chips', image: 'potato-chips', category: 'Snacks', unit: 'Piece', cost: '0.45', price: '1.50', hasExpiry: true },
  { name: 'Beer bucket (6 cans)', image: 'party-pack', category: 'Beer', unit: 'Piece', cost: '3.30', price: '8.00', combo: [{ product: 'Angkor beer can', quantity: '6' }] },
];
