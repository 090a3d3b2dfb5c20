/** The demo chain's reference data: sites, zones, departments and product templates. */

export const DEMO_SITES: Array<[number, string]> = [
  [1, 'Fresno - Blackstone Ave'],
  [2, 'Fresno - Shaw Ave'],
  [3, 'Clovis - Herndon'],
  [4, 'Madera - Hwy 99'],
  [5, 'Merced - G Street'],
  [6, 'Oakland - Broadway'],
  [7, 'San Jose - Capitol Expy'],
  [8, 'Hayward - Mission Blvd'],
  [9, 'Fremont - Auto Mall'],
  [10, 'Auburn - Hwy 49'],
  [11, 'Grass Valley - Brunswick'],
  [12, 'Placerville - Main St'],
];

/** Site 5 is in zones 1 and 2 (the overlap). Order is priority. */
export const DEMO_ZONES = [
  { no: 1, name: 'Central Valley', sites: [1, 2, 3, 4, 5] },
  { no: 2, name: 'Bay Area', sites: [6, 7, 8, 9, 5] },
  { no: 3, name: 'Sierra Foothills', sites: [10, 11, 12] },
];

export interface SubDept {
  sub: number;
  name: string;
  brands: Array<[string, string]>; // [brand, vendor]
  products: string[];
  sizes: string[];
  price: [number, number]; // cents
  margin: [number, number]; // percent
  tax: number;
  crv?: boolean;
  quota: number;
}

export interface Dept {
  dept: number;
  name: string;
  type: 'I' | 'EX';
  subs: SubDept[];
}

const WHOLESALE = 'WHOLESALE';

export const DEMO_DEPTS: Dept[] = [
  {
    dept: 1,
    name: 'Tobacco',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Cigarettes',
        brands: [
          ['Marlboro', WHOLESALE],
          ['Camel', WHOLESALE],
          ['Newport', WHOLESALE],
          ['Pall Mall', WHOLESALE],
          ['Winston', WHOLESALE],
          ['American Spirit', WHOLESALE],
        ],
        products: ['Red', 'Gold', 'Silver', 'Menthol', 'Blue', 'Green'],
        sizes: ['King Box', '100s Box', 'Soft Pack'],
        price: [899, 1299],
        margin: [8, 14],
        tax: 2,
        quota: 220,
      },
      {
        sub: 2,
        name: 'Cigars',
        brands: [
          ['Swisher Sweets', WHOLESALE],
          ['Black & Mild', WHOLESALE],
          ['White Owl', WHOLESALE],
          ['Game', WHOLESALE],
        ],
        products: ['Original', 'Grape', 'Wine', 'Peach', 'Diamonds', 'Tropical'],
        sizes: ['2 Pk', '5 Pk', 'Single'],
        price: [149, 599],
        margin: [25, 35],
        tax: 2,
        quota: 120,
      },
      {
        sub: 3,
        name: 'Smokeless',
        brands: [
          ['Copenhagen', WHOLESALE],
          ['Grizzly', WHOLESALE],
          ['Skoal', WHOLESALE],
          ['Zyn', WHOLESALE],
        ],
        products: ['Long Cut', 'Wintergreen', 'Mint', 'Straight', 'Cool Mint'],
        sizes: ['1.2 oz', '0.53 oz', '5 Can Roll'],
        price: [499, 2999],
        margin: [12, 20],
        tax: 2,
        quota: 100,
      },
    ],
  },
  {
    dept: 2,
    name: 'Beverages',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Soft Drinks',
        brands: [
          ['Coca-Cola', 'COKE'],
          ['Sprite', 'COKE'],
          ['Dr Pepper', 'PEPSI'],
          ['Pepsi', 'PEPSI'],
          ['Mountain Dew', 'PEPSI'],
          ['Fanta', 'COKE'],
        ],
        products: ['Original', 'Zero Sugar', 'Cherry', 'Diet', 'Vanilla'],
        sizes: ['12 oz Can', '20 oz', '1 Liter', '2 Liter'],
        price: [149, 349],
        margin: [35, 48],
        tax: 2,
        crv: true,
        quota: 300,
      },
      {
        sub: 2,
        name: 'Energy Drinks',
        brands: [
          ['Red Bull', 'REDBULL'],
          ['Monster', 'COKE'],
          ['Rockstar', 'PEPSI'],
          ['Celsius', 'PEPSI'],
          ['Bang', WHOLESALE],
        ],
        products: ['Original', 'Sugar Free', 'Ultra White', 'Tropical', 'Peach Vibe'],
        sizes: ['8.4 oz', '12 oz', '16 oz', '24 oz'],
        price: [259, 449],
        margin: [30, 42],
        tax: 2,
        crv: true,
        quota: 220,
      },
      {
        sub: 3,
        name: 'Water',
        brands: [
          ['Arrowhead', WHOLESALE],
          ['Dasani', 'COKE'],
          ['Aquafina', 'PEPSI'],
          ['Smartwater', 'COKE'],
          ['Fiji', WHOLESALE],
        ],
        products: ['Spring Water', 'Purified', 'Sparkling', 'Alkaline'],
        sizes: ['16.9 oz', '20 oz', '1 Liter', '1.5 Liter'],
        price: [129, 329],
        margin: [40, 55],
        tax: 1,
        crv: true,
        quota: 120,
      },
      {
        sub: 4,
        name: 'Juice & Tea',
        brands: [
          ['Arizona', WHOLESALE],
          ['Snapple', 'PEPSI'],
          ['Gold Peak', 'COKE'],
          ['Tropicana', 'PEPSI'],
        ],
        products: ['Green Tea', 'Lemon Tea', 'Orange Juice', 'Fruit Punch', 'Peach Tea'],
        sizes: ['16 oz', '20 oz', '23 oz', '52 oz'],
        price: [129, 499],
        margin: [35, 45],
        tax: 1,
        crv: true,
        quota: 140,
      },
      {
        sub: 5,
        name: 'Sports Drinks',
        brands: [
          ['Gatorade', 'PEPSI'],
          ['Powerade', 'COKE'],
          ['BodyArmor', 'COKE'],
        ],
        products: ['Cool Blue', 'Fruit Punch', 'Lemon Lime', 'Orange', 'Glacier Freeze'],
        sizes: ['20 oz', '28 oz', '32 oz'],
        price: [199, 329],
        margin: [33, 42],
        tax: 2,
        crv: true,
        quota: 90,
      },
    ],
  },
  {
    dept: 3,
    name: 'Beer & Wine',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Domestic Beer',
        brands: [
          ['Budweiser', 'REYES'],
          ['Bud Light', 'REYES'],
          ['Coors Light', 'REYES'],
          ['Miller Lite', 'REYES'],
          ['Michelob Ultra', 'REYES'],
        ],
        products: ['Lager', 'Light', 'Ultra', 'Lime'],
        sizes: ['12 oz Can', '24 oz Can', '6 Pk Bottles', '12 Pk Cans'],
        price: [199, 1899],
        margin: [18, 26],
        tax: 2,
        crv: true,
        quota: 140,
      },
      {
        sub: 2,
        name: 'Import Beer',
        brands: [
          ['Modelo', 'REYES'],
          ['Corona', 'REYES'],
          ['Heineken', 'REYES'],
          ['Pacifico', 'REYES'],
        ],
        products: ['Especial', 'Extra', 'Negra', 'Premier'],
        sizes: ['12 oz Bottle', '24 oz Can', '6 Pk Bottles', '12 Pk Cans'],
        price: [249, 2199],
        margin: [20, 28],
        tax: 2,
        crv: true,
        quota: 110,
      },
      {
        sub: 3,
        name: 'Wine',
        brands: [
          ['Barefoot', WHOLESALE],
          ['Sutter Home', WHOLESALE],
          ['Franzia', WHOLESALE],
        ],
        products: ['Chardonnay', 'Cabernet', 'Pinot Grigio', 'Moscato', 'Merlot'],
        sizes: ['187 ml', '750 ml', '1.5 Liter'],
        price: [399, 1599],
        margin: [25, 35],
        tax: 2,
        quota: 70,
      },
    ],
  },
  {
    dept: 4,
    name: 'Snacks',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Salty Snacks',
        brands: [
          ['Lays', 'FRITO'],
          ['Doritos', 'FRITO'],
          ['Cheetos', 'FRITO'],
          ['Fritos', 'FRITO'],
          ['Takis', WHOLESALE],
          ['Ruffles', 'FRITO'],
        ],
        products: ['Classic', 'Nacho Cheese', 'Flamin Hot', 'BBQ', 'Sour Cream Onion', 'Cool Ranch'],
        sizes: ['1 oz', '2.75 oz', '8 oz', 'Party Size'],
        price: [99, 649],
        margin: [38, 48],
        tax: 2,
        quota: 300,
      },
      {
        sub: 2,
        name: 'Candy',
        brands: [
          ['Snickers', WHOLESALE],
          ['M&Ms', WHOLESALE],
          ['Reeses', WHOLESALE],
          ['Kit Kat', WHOLESALE],
          ['Skittles', WHOLESALE],
          ['Twix', WHOLESALE],
        ],
        products: ['Original', 'Peanut', 'King Size', 'Share Size', 'Minis'],
        sizes: ['1.86 oz', '3.29 oz', '10 oz Bag'],
        price: [139, 549],
        margin: [40, 50],
        tax: 2,
        quota: 260,
      },
      {
        sub: 3,
        name: 'Gum & Mints',
        brands: [
          ['Extra', WHOLESALE],
          ['Orbit', WHOLESALE],
          ['Trident', WHOLESALE],
          ['Altoids', WHOLESALE],
        ],
        products: ['Spearmint', 'Peppermint', 'Wintergreen', 'Bubblemint'],
        sizes: ['15 Pc', '35 Pc', '60 Pc'],
        price: [129, 499],
        margin: [42, 52],
        tax: 2,
        quota: 110,
      },
      {
        sub: 4,
        name: 'Meat Snacks',
        brands: [
          ['Jack Links', WHOLESALE],
          ['Slim Jim', WHOLESALE],
          ['Oberto', WHOLESALE],
        ],
        products: ['Original', 'Teriyaki', 'Peppered', 'Hot'],
        sizes: ['0.97 oz', '2.85 oz', '3.25 oz'],
        price: [149, 899],
        margin: [35, 45],
        tax: 2,
        quota: 90,
      },
    ],
  },
  {
    dept: 5,
    name: 'Grocery',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Dry Grocery',
        brands: [
          ['Campbells', WHOLESALE],
          ['Kraft', WHOLESALE],
          ['Maruchan', WHOLESALE],
          ['Quaker', WHOLESALE],
        ],
        products: ['Chicken Noodle', 'Mac & Cheese', 'Ramen Chicken', 'Oatmeal', 'Tomato Soup'],
        sizes: ['3 oz', '7.25 oz', '10.75 oz', '18 oz'],
        price: [99, 699],
        margin: [28, 38],
        tax: 1,
        quota: 120,
      },
      {
        sub: 2,
        name: 'Dairy',
        brands: [
          ['Darigold', WHOLESALE],
          ['Crystal', WHOLESALE],
          ['Tillamook', WHOLESALE],
        ],
        products: ['Whole Milk', '2% Milk', 'Chocolate Milk', 'Cheddar', 'Half & Half'],
        sizes: ['Pint', 'Quart', 'Half Gallon', 'Gallon'],
        price: [189, 699],
        margin: [20, 30],
        tax: 1,
        quota: 80,
      },
    ],
  },
  {
    dept: 6,
    name: 'Food Service',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Hot Food',
        brands: [
          ['Roller Grill', WHOLESALE],
          ['Deli', WHOLESALE],
        ],
        products: ['Hot Dog', 'Taquito', 'Burrito', 'Pizza Slice', 'Corn Dog', 'Egg Roll'],
        sizes: ['Each', 'Two Pack'],
        price: [149, 599],
        margin: [55, 68],
        tax: 3,
        quota: 24,
      },
      {
        sub: 2,
        name: 'Coffee',
        brands: [['House', WHOLESALE]],
        products: ['Coffee', 'Decaf', 'Cappuccino', 'Hot Cocoa'],
        sizes: ['12 oz', '16 oz', '20 oz', '24 oz'],
        price: [129, 329],
        margin: [60, 75],
        tax: 3,
        quota: 16,
      },
      {
        sub: 3,
        name: 'Fountain',
        brands: [['Fountain', 'PEPSI']],
        products: ['Soda', 'Iced Tea', 'Frozen Drink'],
        sizes: ['20 oz', '32 oz', '44 oz', '64 oz'],
        price: [99, 299],
        margin: [70, 82],
        tax: 3,
        quota: 12,
      },
    ],
  },
  {
    dept: 7,
    name: 'Health & Beauty',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Medicine',
        brands: [
          ['Advil', WHOLESALE],
          ['Tylenol', WHOLESALE],
          ['Tums', WHOLESALE],
          ['DayQuil', WHOLESALE],
        ],
        products: ['Tablets', 'Extra Strength', 'Liquid Gels', 'Chewables'],
        sizes: ['2 Ct', '6 Ct', '24 Ct'],
        price: [199, 1299],
        margin: [35, 50],
        tax: 1,
        quota: 90,
      },
      {
        sub: 2,
        name: 'Personal Care',
        brands: [
          ['Chapstick', WHOLESALE],
          ['Colgate', WHOLESALE],
          ['Trojan', WHOLESALE],
        ],
        products: ['Classic', 'Travel Size', 'Value Pack'],
        sizes: ['Single', '3 Ct', '12 Ct'],
        price: [199, 1499],
        margin: [35, 50],
        tax: 2,
        quota: 60,
      },
    ],
  },
  {
    dept: 8,
    name: 'General Merchandise',
    type: 'I',
    subs: [
      {
        sub: 1,
        name: 'Automotive',
        brands: [
          ['Pennzoil', WHOLESALE],
          ['Prestone', WHOLESALE],
          ['Rain-X', WHOLESALE],
        ],
        products: ['Motor Oil 5W-30', 'Antifreeze', 'Washer Fluid', 'Fuel Injector Cleaner'],
        sizes: ['Quart', 'Gallon', '12 oz'],
        price: [399, 2499],
        margin: [30, 40],
        tax: 2,
        quota: 60,
      },
      {
        sub: 80,
        name: 'Prepaid Cards',
        brands: [['Prepaid', WHOLESALE]],
        products: ['Phone Card', 'Gift Card', 'Gaming Card'],
        sizes: ['$10', '$25', '$50'],
        price: [1000, 5000],
        margin: [3, 6],
        tax: 1,
        quota: 9,
      },
    ],
  },
  {
    dept: 90,
    name: 'Store Expense',
    type: 'EX',
    subs: [
      {
        sub: 0,
        name: 'Store Supplies',
        brands: [['Supply', WHOLESALE]],
        products: ['Register Paper', 'Trash Bags', 'Paper Towels', 'Coffee Cups', 'Cup Lids', 'Gloves'],
        sizes: ['Case', 'Box', 'Roll'],
        price: [0, 0],
        margin: [0, 0],
        tax: 1,
        quota: 18,
      },
    ],
  },
];

export const DEMO_VENDORS: Array<[string, string, string | null]> = [
  ['COKE', 'Coca-Cola Bottling', null],
  ['COREMARK', 'Core-Mark', 'COREMARK'],
  ['FRITO', 'Frito-Lay DSD', null],
  ['MCLANE', 'McLane Company', 'MCLANE'],
  ['PEPSI', 'Pepsi Bottling Group', null],
  ['REDBULL', 'Red Bull Distribution', null],
  ['REYES', 'Reyes Beverage Group', null],
];

export const DEMO_UOMS: Array<[string, string]> = [
  ['CS', 'Case'],
  ['CTN', 'Carton'],
  ['EA', 'Each'],
  ['GAL', 'Gallon'],
  ['LB', 'Pound'],
  ['OZ', 'Ounce'],
  ['PK', 'Pack'],
];

export const DEMO_TAX_GROUPS: Array<[number, string, Array<[number, string, string]>]> = [
  [1, 'Non-taxable', []],
  [2, 'State sales tax', [[1, '7.2500', 'CA State']]],
  [
    3,
    'Sales + prepared food',
    [
      [1, '7.2500', 'CA State'],
      [2, '1.0000', 'Local district'],
    ],
  ],
];
