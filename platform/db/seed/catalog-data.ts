// The demo marketplace: sellers, brands and a category tree with the words used to build product
// names and search keywords. Names of shops and brands are invented; categories follow the usual
// Indian marketplace taxonomy.

export const FIRST_PARTY_SELLER_ID = 1

export interface SellerAccount {
  id: number
  name: string
  /** Top-level categories the seller lists products in. */
  categories: readonly string[]
}

export interface BrandAccount {
  id: number
  name: string
  /** Top-level category, optionally narrowed to some level-1 categories. */
  category: string
  subcategories?: readonly string[]
}

export const sellerAccounts: readonly SellerAccount[] = [
  {
    id: 1,
    name: 'Marketplace Retail First Party',
    categories: ['Electronics', 'Fashion', 'Home & Kitchen', 'Grocery', 'Beauty', 'Sports', 'Books', 'Toys'],
  },
  {
    id: 100001,
    name: 'Sharma Retail Mart',
    categories: ['Electronics', 'Home & Kitchen', 'Grocery', 'Sports'],
  },
  { id: 100002, name: 'Shree Ganesh Traders', categories: ['Grocery', 'Home & Kitchen'] },
  { id: 100003, name: 'Lakshmi Textiles', categories: ['Fashion', 'Home & Kitchen'] },
  { id: 100004, name: 'Annapurna Home Needs', categories: ['Home & Kitchen', 'Grocery'] },
  { id: 100005, name: 'Patel Kirana Stores', categories: ['Grocery', 'Beauty'] },
  { id: 100006, name: 'Meenakshi Fashions', categories: ['Fashion', 'Beauty'] },
  { id: 100007, name: 'Gupta Book Depot', categories: ['Books', 'Toys'] },
  { id: 100008, name: 'Raj Mobile World', categories: ['Electronics'] },
  { id: 100009, name: 'Balaji Sports House', categories: ['Sports', 'Toys'] },
  { id: 100010, name: 'Sai Krishna Enterprises', categories: ['Electronics', 'Home & Kitchen'] },
  { id: 100011, name: 'Mahalaxmi General Stores', categories: ['Grocery', 'Beauty', 'Home & Kitchen'] },
  { id: 100012, name: 'Chennai Silks Emporium', categories: ['Fashion'] },
  { id: 100013, name: 'Jaipur Handicrafts Company', categories: ['Home & Kitchen', 'Fashion'] },
  { id: 100014, name: 'Goyal Toys and Gifts', categories: ['Toys', 'Books'] },
  { id: 100015, name: 'Nair Ayurvedic Stores', categories: ['Beauty', 'Grocery'] },
  { id: 100016, name: 'Kolkata Grocery Mart', categories: ['Grocery'] },
  { id: 100017, name: 'Pune Digital Hub', categories: ['Electronics'] },
  { id: 100018, name: 'Agarwal Kitchen Gallery', categories: ['Home & Kitchen'] },
  { id: 100019, name: 'Hyderabad Fashion Street', categories: ['Fashion', 'Beauty'] },
  { id: 100020, name: 'Singh Sports Corner', categories: ['Sports'] },
  { id: 100021, name: 'Mysore Sandal Traders', categories: ['Beauty', 'Home & Kitchen'] },
  { id: 100022, name: 'Ahmedabad Home Decor', categories: ['Home & Kitchen'] },
  { id: 100023, name: 'Lucknow Chikan House', categories: ['Fashion'] },
  { id: 100024, name: 'Kochi Spice Traders', categories: ['Grocery'] },
]

export const brandAccounts: readonly BrandAccount[] = [
  {
    id: 200001,
    name: 'Voltix',
    category: 'Electronics',
    subcategories: ['Mobiles & Accessories', 'Computers', 'Television', 'Wearables'],
  },
  { id: 200002, name: 'Urban Loom', category: 'Fashion', subcategories: ['Men', 'Kids'] },
  { id: 200003, name: 'Desi Crunch', category: 'Grocery', subcategories: ['Snacks & Beverages'] },
  { id: 200004, name: 'Nimbu Naturals', category: 'Beauty', subcategories: ['Skin Care', 'Personal Care'] },
  {
    id: 200005,
    name: 'Kaveri Kitchenware',
    category: 'Home & Kitchen',
    subcategories: ['Kitchen & Dining', 'Kitchen Appliances'],
  },
  { id: 200006, name: 'Stride Sports', category: 'Sports' },
  { id: 200007, name: 'Kahani Books', category: 'Books' },
  { id: 200008, name: 'Khilona Toys', category: 'Toys' },
  { id: 200009, name: 'Aarohi Ethnic', category: 'Fashion', subcategories: ['Women'] },
  {
    id: 200010,
    name: 'Himalayan Harvest',
    category: 'Grocery',
    subcategories: ['Staples', 'Masalas & Spices'],
  },
  {
    id: 200011,
    name: 'Sparsh Home',
    category: 'Home & Kitchen',
    subcategories: ['Home Furnishing', 'Home Decor'],
  },
  { id: 200012, name: 'Zenwear', category: 'Fashion', subcategories: ['Men', 'Women'] },
  {
    id: 200013,
    name: 'Tarang Audio',
    category: 'Electronics',
    subcategories: ['Audio', 'Mobiles & Accessories'],
  },
  { id: 200014, name: 'Ayurkosh', category: 'Beauty', subcategories: ['Hair Care', 'Ayurveda', 'Skin Care'] },
]

export interface CategoryLeaf {
  /** level0 … level4; level4 is '' where the tree stops at level 3. */
  path: readonly [string, string, string, string, string]
  /** Relative share of the catalogue. */
  weight: number
  /** Effective price range in rupees. */
  price: readonly [number, number]
  /** What the product is called, one picked per product. */
  nouns: readonly string[]
  /** Model or range names (optional). */
  series?: readonly string[]
  /** Attribute lists; one value of each is appended to the name. */
  variants: readonly (readonly string[])[]
  /** Search terms shoppers use for this category. */
  keywords: readonly string[]
}

const colours = ['Black', 'Midnight Blue', 'Sage Green', 'Silver', 'Rose Gold', 'Graphite', 'Pearl White']
const apparelColours = [
  'Navy Blue',
  'Maroon',
  'Olive',
  'Mustard Yellow',
  'White',
  'Black',
  'Teal',
  'Peach',
  'Grey Melange',
]
const sizes = ['S', 'M', 'L', 'XL', 'XXL']

export const categoryLeaves: readonly CategoryLeaf[] = [
  // Electronics
  {
    path: ['Electronics', 'Mobiles & Accessories', 'Smartphones', 'Android Phones', '5G Phones'],
    weight: 6,
    price: [9999, 44999],
    nouns: ['5G Smartphone'],
    series: ['Nova', 'Pulse', 'Edge', 'Orbit', 'Prime', 'Zoom'],
    variants: [
      ['6GB RAM 128GB Storage', '8GB RAM 128GB Storage', '8GB RAM 256GB Storage', '12GB RAM 256GB Storage'],
      colours,
    ],
    keywords: [
      '5g phone',
      '5g smartphone',
      'android phone',
      'mobile phone',
      'phone under 20000',
      'new mobile',
      'smartphone 8gb ram',
      'best camera phone',
    ],
  },
  {
    path: ['Electronics', 'Mobiles & Accessories', 'Smartphones', 'Android Phones', '4G Phones'],
    weight: 3,
    price: [5499, 12999],
    nouns: ['4G Smartphone'],
    series: ['Lite', 'Go', 'Neo', 'Spark'],
    variants: [['3GB RAM 32GB Storage', '4GB RAM 64GB Storage', '4GB RAM 128GB Storage'], colours],
    keywords: [
      '4g phone',
      'budget phone',
      'phone under 10000',
      'android mobile',
      'dual sim phone',
      'big battery phone',
    ],
  },
  {
    path: ['Electronics', 'Mobiles & Accessories', 'Mobile Accessories', 'Chargers', 'Fast Chargers'],
    weight: 4,
    price: [349, 1999],
    nouns: ['Fast Charger', 'Wall Charger', 'Car Charger'],
    variants: [
      ['18W', '25W', '33W', '65W'],
      ['Type C', 'USB A and Type C', 'Dual Port'],
    ],
    keywords: [
      'fast charger',
      'type c charger',
      'mobile charger',
      '65w charger',
      'charger adapter',
      'car charger',
    ],
  },
  {
    path: ['Electronics', 'Mobiles & Accessories', 'Mobile Accessories', 'Power Banks', ''],
    weight: 3,
    price: [699, 2999],
    nouns: ['Power Bank'],
    variants: [
      ['10000mAh', '20000mAh', '27000mAh'],
      ['22.5W Fast Charging', 'Slim', 'with LED Display'],
    ],
    keywords: [
      'power bank',
      '20000mah power bank',
      'fast charging power bank',
      'portable charger',
      'slim power bank',
    ],
  },
  {
    path: ['Electronics', 'Mobiles & Accessories', 'Mobile Accessories', 'Cases & Covers', 'Back Covers'],
    weight: 4,
    price: [149, 699],
    nouns: ['Back Cover', 'Silicone Case', 'Shockproof Case'],
    variants: [['Transparent', 'Matte Black', 'Printed', 'Leather Finish']],
    keywords: [
      'mobile cover',
      'back cover',
      'phone case',
      'silicone cover',
      'shockproof case',
      'transparent cover',
    ],
  },
  {
    path: ['Electronics', 'Audio', 'Headphones & Earphones', 'True Wireless Earbuds', 'ANC Earbuds'],
    weight: 5,
    price: [999, 6999],
    nouns: ['True Wireless Earbuds', 'TWS Earbuds'],
    series: ['Airdopes', 'Buds', 'Pods', 'Beats'],
    variants: [['with ANC', 'with ENC Mic', '50 Hours Playback', 'Low Latency Gaming'], colours],
    keywords: [
      'earbuds',
      'wireless earbuds',
      'tws',
      'bluetooth earphones',
      'anc earbuds',
      'gaming earbuds',
      'earbuds under 2000',
    ],
  },
  {
    path: ['Electronics', 'Audio', 'Headphones & Earphones', 'Neckbands', ''],
    weight: 3,
    price: [599, 2499],
    nouns: ['Bluetooth Neckband', 'Wireless Neckband'],
    variants: [['40 Hours Playback', 'with Dual Pairing', 'Magnetic Buds'], colours],
    keywords: [
      'neckband',
      'bluetooth neckband',
      'wireless earphones',
      'neckband under 1000',
      'sports earphones',
    ],
  },
  {
    path: ['Electronics', 'Audio', 'Speakers', 'Bluetooth Speakers', 'Portable Speakers'],
    weight: 3,
    price: [799, 7999],
    nouns: ['Portable Bluetooth Speaker', 'Party Speaker', 'Soundbar'],
    variants: [
      ['10W', '20W', '40W', '120W'],
      ['Waterproof', 'with RGB Lights', 'with Mic'],
    ],
    keywords: [
      'bluetooth speaker',
      'portable speaker',
      'party speaker',
      'soundbar',
      'waterproof speaker',
      'speaker with bass',
    ],
  },
  {
    path: ['Electronics', 'Computers', 'Laptops', 'Thin and Light Laptops', ''],
    weight: 2,
    price: [29999, 89999],
    nouns: ['Thin and Light Laptop'],
    series: ['Book', 'Air', 'Vivo', 'Slate'],
    variants: [
      ['Intel Core i3', 'Intel Core i5', 'AMD Ryzen 5', 'AMD Ryzen 7'],
      ['8GB RAM 512GB SSD', '16GB RAM 512GB SSD', '16GB RAM 1TB SSD'],
      ['14 Inch', '15.6 Inch'],
    ],
    keywords: [
      'laptop',
      'thin laptop',
      'laptop for students',
      'i5 laptop',
      'ryzen laptop',
      'office laptop',
      'laptop under 50000',
    ],
  },
  {
    path: ['Electronics', 'Computers', 'Computer Accessories', 'Keyboards & Mice', 'Wireless Mice'],
    weight: 3,
    price: [299, 2499],
    nouns: ['Wireless Mouse', 'Keyboard and Mouse Combo', 'Wireless Keyboard'],
    variants: [
      ['Silent Click', 'Ergonomic', 'Rechargeable', 'Bluetooth and 2.4GHz'],
      ['Black', 'Grey', 'White'],
    ],
    keywords: [
      'wireless mouse',
      'keyboard mouse combo',
      'computer mouse',
      'silent mouse',
      'wireless keyboard',
    ],
  },
  {
    path: ['Electronics', 'Television', 'Smart TVs', 'LED TVs', '43 Inch TVs'],
    weight: 2,
    price: [17999, 49999],
    nouns: ['Smart LED TV', '4K Ultra HD Smart TV', 'Full HD Smart TV'],
    variants: [
      ['32 Inch', '43 Inch', '50 Inch', '55 Inch'],
      ['Google TV', 'Android TV', 'WebOS TV'],
    ],
    keywords: ['smart tv', 'led tv', '43 inch tv', '4k tv', 'android tv', 'tv under 30000', 'television'],
  },
  {
    path: ['Electronics', 'Wearables', 'Smart Watches', 'Fitness Smartwatches', ''],
    weight: 4,
    price: [1299, 8999],
    nouns: ['Smartwatch', 'Fitness Band'],
    series: ['Fit', 'Active', 'Wave', 'Storm'],
    variants: [['1.83 Inch Display', 'AMOLED Display', 'Bluetooth Calling', 'with SpO2 Monitor'], colours],
    keywords: [
      'smartwatch',
      'smart watch',
      'fitness band',
      'calling smartwatch',
      'amoled watch',
      'watch for men',
    ],
  },
  // Fashion
  {
    path: ['Fashion', 'Men', 'Clothing', 'T-Shirts', 'Polo T-Shirts'],
    weight: 5,
    price: [299, 1299],
    nouns: ['Men Polo T-Shirt', 'Men Cotton Polo T-Shirt', 'Men Slim Fit Polo'],
    variants: [apparelColours, sizes],
    keywords: [
      'polo t shirt',
      'men t shirt',
      'cotton t shirt',
      'tshirt for men',
      'collar t shirt',
      'slim fit tshirt',
    ],
  },
  {
    path: ['Fashion', 'Men', 'Clothing', 'Shirts', 'Casual Shirts'],
    weight: 4,
    price: [449, 1799],
    nouns: ['Men Casual Shirt', 'Men Linen Shirt', 'Men Checked Shirt'],
    variants: [['Full Sleeve', 'Half Sleeve'], apparelColours, sizes],
    keywords: [
      'casual shirt',
      'men shirt',
      'linen shirt',
      'checked shirt',
      'cotton shirt for men',
      'party wear shirt',
    ],
  },
  {
    path: ['Fashion', 'Men', 'Footwear', 'Sports Shoes', 'Running Shoes'],
    weight: 4,
    price: [699, 3999],
    nouns: ['Men Running Shoes', 'Men Walking Shoes', 'Men Sports Shoes'],
    variants: [
      ['Black', 'Grey', 'Navy', 'White'],
      ['UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'],
    ],
    keywords: ['running shoes', 'sports shoes', 'shoes for men', 'walking shoes', 'sneakers', 'gym shoes'],
  },
  {
    path: ['Fashion', 'Women', 'Ethnic Wear', 'Kurtas & Kurtis', 'Cotton Kurtas'],
    weight: 6,
    price: [399, 1999],
    nouns: ['Women Cotton Kurta', 'Women Anarkali Kurti', 'Women Straight Kurta', 'Women Kurta Palazzo Set'],
    variants: [['Printed', 'Embroidered', 'Chikankari', 'Block Print'], apparelColours, sizes],
    keywords: [
      'kurti',
      'kurta for women',
      'cotton kurti',
      'anarkali kurti',
      'kurta set',
      'ethnic wear',
      'chikankari kurta',
    ],
  },
  {
    path: ['Fashion', 'Women', 'Ethnic Wear', 'Sarees', 'Silk Sarees'],
    weight: 4,
    price: [799, 8999],
    nouns: ['Kanjivaram Silk Saree', 'Banarasi Silk Saree', 'Art Silk Saree', 'Cotton Silk Saree'],
    variants: [
      ['with Blouse Piece', 'Zari Border', 'Woven Design'],
      ['Red', 'Maroon', 'Royal Blue', 'Green', 'Pink', 'Mustard'],
    ],
    keywords: [
      'silk saree',
      'saree',
      'kanjivaram saree',
      'banarasi saree',
      'wedding saree',
      'saree with blouse',
    ],
  },
  {
    path: ['Fashion', 'Women', 'Footwear', 'Flats', 'Juttis'],
    weight: 3,
    price: [349, 1499],
    nouns: ['Women Punjabi Jutti', 'Women Embroidered Mojari', 'Women Ethnic Flats'],
    variants: [
      ['Gold', 'Maroon', 'Beige', 'Multicolour'],
      ['UK 4', 'UK 5', 'UK 6', 'UK 7'],
    ],
    keywords: ['jutti', 'mojari', 'ethnic footwear', 'women flats', 'punjabi jutti'],
  },
  {
    path: ['Fashion', 'Women', 'Western Wear', 'Tops', ''],
    weight: 3,
    price: [249, 999],
    nouns: ['Women Casual Top', 'Women Crop Top', 'Women Peplum Top'],
    variants: [apparelColours, sizes],
    keywords: ['tops for women', 'crop top', 'casual top', 'western wear', 'women top'],
  },
  {
    path: ['Fashion', 'Kids', 'Clothing', 'Kurta Sets', ''],
    weight: 2,
    price: [399, 1499],
    nouns: ['Boys Kurta Pyjama Set', 'Girls Lehenga Choli Set', 'Kids Festive Kurta Set'],
    variants: [['2-3 Years', '4-5 Years', '6-7 Years', '8-9 Years'], apparelColours],
    keywords: [
      'kids kurta',
      'boys kurta pyjama',
      'lehenga for girls',
      'kids ethnic wear',
      'festive wear kids',
    ],
  },
  // Home & Kitchen
  {
    path: ['Home & Kitchen', 'Kitchen & Dining', 'Cookware', 'Pressure Cookers', 'Stainless Steel Cookers'],
    weight: 4,
    price: [999, 3499],
    nouns: ['Stainless Steel Pressure Cooker', 'Aluminium Pressure Cooker', 'Outer Lid Pressure Cooker'],
    variants: [
      ['2 Litre', '3 Litre', '5 Litre'],
      ['Induction Base', 'Gas Stove Compatible'],
    ],
    keywords: ['pressure cooker', 'steel cooker', 'induction cooker', '3 litre cooker', 'cooker 5 litre'],
  },
  {
    path: ['Home & Kitchen', 'Kitchen & Dining', 'Cookware', 'Kadhais & Woks', ''],
    weight: 3,
    price: [499, 2499],
    nouns: ['Non Stick Kadhai', 'Cast Iron Kadhai', 'Triply Stainless Steel Kadai'],
    variants: [
      ['22 cm', '24 cm', '26 cm'],
      ['with Glass Lid', 'Induction Base'],
    ],
    keywords: ['kadhai', 'non stick kadai', 'iron kadai', 'cookware', 'wok'],
  },
  {
    path: ['Home & Kitchen', 'Kitchen Appliances', 'Mixer Grinders', '750W Mixer Grinders', ''],
    weight: 3,
    price: [1999, 5999],
    nouns: ['Mixer Grinder', 'Juicer Mixer Grinder'],
    variants: [
      ['500W', '750W', '1000W'],
      ['3 Jars', '4 Jars'],
    ],
    keywords: ['mixer grinder', 'mixie', '750w mixer', 'juicer mixer grinder', 'kitchen appliance'],
  },
  {
    path: ['Home & Kitchen', 'Kitchen & Dining', 'Storage', 'Water Bottles', 'Steel Bottles'],
    weight: 3,
    price: [249, 1299],
    nouns: ['Stainless Steel Water Bottle', 'Insulated Flask', 'Copper Water Bottle'],
    variants: [
      ['500 ml', '750 ml', '1 Litre'],
      ['Silver', 'Black', 'Blue', 'Copper'],
    ],
    keywords: ['water bottle', 'steel bottle', 'copper bottle', 'flask', 'insulated bottle', 'school bottle'],
  },
  {
    path: ['Home & Kitchen', 'Home Furnishing', 'Bed Linen', 'Bedsheets', 'Double Bedsheets'],
    weight: 4,
    price: [499, 2499],
    nouns: ['Cotton Double Bedsheet', 'Jaipuri Print Bedsheet', 'King Size Bedsheet'],
    variants: [
      ['with 2 Pillow Covers', '144 TC', '210 TC', '300 TC'],
      ['Floral', 'Geometric', 'Sanganeri Print', 'Solid'],
    ],
    keywords: ['bedsheet', 'double bedsheet', 'cotton bedsheet', 'jaipuri bedsheet', 'king size bedsheet'],
  },
  {
    path: ['Home & Kitchen', 'Home Furnishing', 'Curtains', 'Door Curtains', ''],
    weight: 2,
    price: [399, 1499],
    nouns: ['Blackout Door Curtain', 'Polyester Door Curtain'],
    variants: [
      ['7 Feet', '9 Feet'],
      ['Set of 2', 'Set of 4'],
      ['Beige', 'Maroon', 'Grey', 'Green'],
    ],
    keywords: ['curtains', 'door curtain', 'blackout curtains', 'curtain 7 feet', 'home decor'],
  },
  {
    path: ['Home & Kitchen', 'Home Decor', 'Lighting', 'Diyas & Lanterns', ''],
    weight: 2,
    price: [149, 999],
    nouns: ['Brass Diya', 'Clay Diyas Set', 'Decorative Lantern', 'LED String Lights'],
    variants: [
      ['Set of 4', 'Set of 12', 'Single'],
      ['Handcrafted', 'Festive'],
    ],
    keywords: ['diya', 'diwali diya', 'lantern', 'diwali decoration', 'brass diya', 'string lights'],
  },
  // Grocery
  {
    path: ['Grocery', 'Staples', 'Atta & Flours', 'Whole Wheat Atta', ''],
    weight: 3,
    price: [199, 549],
    nouns: ['Chakki Fresh Whole Wheat Atta', 'Multigrain Atta', 'Sharbati Atta'],
    variants: [['5 kg', '10 kg']],
    keywords: ['atta', 'wheat flour', 'chakki atta', 'multigrain atta', 'fresh atta'],
  },
  {
    path: ['Grocery', 'Staples', 'Rice', 'Basmati Rice', 'Long Grain Basmati'],
    weight: 3,
    price: [149, 1299],
    nouns: ['Basmati Rice', 'Extra Long Grain Basmati Rice', 'Dubar Basmati Rice'],
    variants: [['1 kg', '5 kg', '10 kg']],
    keywords: ['basmati rice', 'rice', 'long grain rice', 'biryani rice', 'rice 5kg'],
  },
  {
    path: ['Grocery', 'Staples', 'Dals & Pulses', 'Toor Dal', ''],
    weight: 3,
    price: [99, 449],
    nouns: ['Unpolished Toor Dal', 'Arhar Dal', 'Moong Dal', 'Chana Dal'],
    variants: [['500 g', '1 kg', '2 kg']],
    keywords: ['toor dal', 'arhar dal', 'dal', 'pulses', 'unpolished dal', 'moong dal'],
  },
  {
    path: ['Grocery', 'Snacks & Beverages', 'Namkeen', 'Bhujia', ''],
    weight: 3,
    price: [49, 299],
    nouns: ['Aloo Bhujia', 'Bikaneri Bhujia', 'Khatta Meetha Namkeen', 'Navratan Mixture'],
    variants: [['200 g', '400 g', '1 kg']],
    keywords: ['namkeen', 'bhujia', 'aloo bhujia', 'snacks', 'tea time snacks', 'mixture'],
  },
  {
    path: ['Grocery', 'Snacks & Beverages', 'Tea', 'Assam Tea', 'CTC Tea'],
    weight: 3,
    price: [99, 699],
    nouns: ['Assam CTC Tea', 'Masala Chai', 'Darjeeling Leaf Tea', 'Elaichi Tea'],
    variants: [['250 g', '500 g', '1 kg']],
    keywords: ['tea', 'assam tea', 'masala chai', 'chai patti', 'ctc tea', 'darjeeling tea'],
  },
  {
    path: ['Grocery', 'Snacks & Beverages', 'Coffee', 'Filter Coffee', ''],
    weight: 2,
    price: [149, 799],
    nouns: ['South Indian Filter Coffee', 'Coorg Filter Coffee Powder', 'Instant Coffee'],
    variants: [
      ['200 g', '500 g'],
      ['80 20 Chicory Blend', 'Pure Coffee'],
    ],
    keywords: ['filter coffee', 'coffee powder', 'south indian coffee', 'instant coffee', 'chicory coffee'],
  },
  {
    path: ['Grocery', 'Masalas & Spices', 'Whole Spices', 'Cardamom', ''],
    weight: 2,
    price: [99, 899],
    nouns: ['Green Cardamom', 'Kerala Elaichi', 'Black Pepper Whole', 'Garam Masala'],
    variants: [['50 g', '100 g', '250 g']],
    keywords: ['elaichi', 'cardamom', 'spices', 'black pepper', 'garam masala', 'whole spices'],
  },
  // Beauty
  {
    path: ['Beauty', 'Skin Care', 'Face Care', 'Face Wash', 'Neem Face Wash'],
    weight: 4,
    price: [99, 449],
    nouns: ['Neem Face Wash', 'Vitamin C Face Wash', 'Ubtan Face Wash', 'Charcoal Face Wash'],
    variants: [
      ['100 ml', '150 ml', '200 ml'],
      ['for Oily Skin', 'for All Skin Types', 'Pack of 2'],
    ],
    keywords: [
      'face wash',
      'neem face wash',
      'vitamin c face wash',
      'face wash for oily skin',
      'ubtan face wash',
    ],
  },
  {
    path: ['Beauty', 'Skin Care', 'Body Care', 'Body Lotion', ''],
    weight: 3,
    price: [149, 599],
    nouns: ['Cocoa Butter Body Lotion', 'Aloe Vera Body Lotion', 'Winter Care Body Lotion'],
    variants: [['200 ml', '400 ml', '600 ml']],
    keywords: ['body lotion', 'moisturiser', 'aloe vera lotion', 'winter lotion', 'cocoa butter lotion'],
  },
  {
    path: ['Beauty', 'Hair Care', 'Hair Oil', 'Coconut Hair Oil', ''],
    weight: 3,
    price: [99, 549],
    nouns: ['Cold Pressed Coconut Hair Oil', 'Bhringraj Hair Oil', 'Amla Hair Oil', 'Onion Hair Oil'],
    variants: [['100 ml', '200 ml', '500 ml']],
    keywords: ['hair oil', 'coconut oil', 'bhringraj oil', 'onion hair oil', 'hair fall oil', 'amla oil'],
  },
  {
    path: ['Beauty', 'Personal Care', 'Bath & Shower', 'Soaps', 'Sandal Soaps'],
    weight: 3,
    price: [99, 399],
    nouns: ['Sandalwood Soap', 'Neem Tulsi Soap', 'Glycerine Soap', 'Handmade Kesar Soap'],
    variants: [
      ['Pack of 3', 'Pack of 4', 'Pack of 6'],
      ['75 g', '100 g', '125 g'],
    ],
    keywords: ['bath soap', 'sandal soap', 'neem soap', 'handmade soap', 'soap pack'],
  },
  {
    path: ['Beauty', 'Ayurveda', 'Ayurvedic Supplements', 'Chyawanprash', ''],
    weight: 2,
    price: [199, 799],
    nouns: ['Chyawanprash', 'Sugar Free Chyawanprash', 'Ashwagandha Tablets', 'Giloy Juice'],
    variants: [['500 g', '1 kg', '60 Tablets', '1 Litre']],
    keywords: ['chyawanprash', 'immunity booster', 'ashwagandha', 'giloy', 'ayurvedic medicine'],
  },
  // Sports
  {
    path: ['Sports', 'Cricket', 'Cricket Bats', 'Kashmir Willow Bats', ''],
    weight: 3,
    price: [599, 3999],
    nouns: ['Kashmir Willow Cricket Bat', 'English Willow Cricket Bat', 'Tennis Ball Cricket Bat'],
    variants: [
      ['Size 5', 'Size 6', 'Full Size'],
      ['with Cover', 'Short Handle'],
    ],
    keywords: [
      'cricket bat',
      'kashmir willow bat',
      'tennis cricket bat',
      'english willow bat',
      'bat for adults',
    ],
  },
  {
    path: ['Sports', 'Cricket', 'Cricket Balls', 'Tennis Balls', ''],
    weight: 2,
    price: [149, 799],
    nouns: ['Heavy Tennis Cricket Ball', 'Leather Cricket Ball', 'Rubber Cricket Ball'],
    variants: [
      ['Pack of 3', 'Pack of 6', 'Pack of 12'],
      ['Red', 'Yellow', 'White'],
    ],
    keywords: ['cricket ball', 'tennis ball', 'leather ball', 'heavy tennis ball'],
  },
  {
    path: ['Sports', 'Fitness', 'Yoga', 'Yoga Mats', '6mm Yoga Mats'],
    weight: 3,
    price: [299, 1499],
    nouns: ['Anti Skid Yoga Mat', 'TPE Yoga Mat', 'EVA Exercise Mat'],
    variants: [
      ['4 mm', '6 mm', '8 mm'],
      ['Purple', 'Blue', 'Green', 'Black'],
    ],
    keywords: ['yoga mat', 'exercise mat', 'gym mat', 'anti skid mat', 'workout mat'],
  },
  {
    path: ['Sports', 'Fitness', 'Strength Training', 'Dumbbells', ''],
    weight: 2,
    price: [499, 3999],
    nouns: ['PVC Dumbbells Set', 'Adjustable Dumbbells', 'Hex Dumbbells'],
    variants: [['2 kg x 2', '5 kg x 2', '10 kg Set', '20 kg Set']],
    keywords: ['dumbbells', 'dumbbell set', 'home gym', 'weights', 'adjustable dumbbells'],
  },
  {
    path: ['Sports', 'Cycling', 'Bicycles', 'Kids Cycles', ''],
    weight: 1,
    price: [3499, 9999],
    nouns: ['Kids Bicycle', 'Mountain Bike', 'Gear Cycle'],
    variants: [
      ['14T', '16T', '20T', '26T'],
      ['with Training Wheels', 'Single Speed', '21 Speed'],
    ],
    keywords: ['cycle', 'bicycle', 'kids cycle', 'gear cycle', 'mountain bike'],
  },
  // Books
  {
    path: ['Books', 'Academic', 'Competitive Exams', 'UPSC Books', ''],
    weight: 3,
    price: [199, 899],
    nouns: [
      'Indian Polity for Civil Services',
      'Modern Indian History Guide',
      'General Studies Manual',
      'Quantitative Aptitude',
    ],
    variants: [
      ['English Edition', 'Hindi Edition'],
      ['2025 Edition', '2026 Edition'],
    ],
    keywords: [
      'upsc books',
      'indian polity',
      'general studies',
      'ssc books',
      'competitive exam books',
      'aptitude book',
    ],
  },
  {
    path: ['Books', 'Fiction', 'Indian Writing', 'Novels', ''],
    weight: 3,
    price: [149, 599],
    nouns: [
      'Monsoon Letters Novel',
      'The Banyan House Novel',
      'Stories from Malgudi Lanes',
      'Ganga Ghat Tales',
    ],
    variants: [['Paperback', 'Hardcover']],
    keywords: ['novel', 'indian fiction', 'fiction books', 'english novel', 'bestseller books'],
  },
  {
    path: ['Books', 'Children', 'Picture Books', 'Panchatantra Stories', ''],
    weight: 2,
    price: [99, 499],
    nouns: ['Panchatantra Stories', 'Akbar Birbal Tales', 'Tenali Raman Stories', 'Jataka Tales'],
    variants: [['Illustrated', 'Set of 5 Books', 'Board Book']],
    keywords: ['panchatantra', 'kids story books', 'story books', 'akbar birbal', 'bedtime stories'],
  },
  // Toys
  {
    path: ['Toys', 'Learning Toys', 'Puzzles', 'Jigsaw Puzzles', ''],
    weight: 2,
    price: [199, 999],
    nouns: ['Map of India Jigsaw Puzzle', 'Wooden Shape Puzzle', 'Alphabet Puzzle'],
    variants: [['48 Pieces', '100 Pieces', '500 Pieces']],
    keywords: ['puzzle', 'jigsaw puzzle', 'learning toys', 'educational toys', 'wooden puzzle'],
  },
  {
    path: ['Toys', 'Outdoor Toys', 'Ride Ons', 'Tricycles', ''],
    weight: 1,
    price: [1299, 4499],
    nouns: ['Kids Tricycle', 'Baby Walker', 'Ride On Car'],
    variants: [
      ['with Parent Handle', 'Foldable', 'with Music'],
      ['Red', 'Blue', 'Pink'],
    ],
    keywords: ['tricycle', 'ride on', 'baby walker', 'kids cycle 3 wheel', 'toy car'],
  },
  {
    path: ['Toys', 'Soft Toys', 'Teddy Bears', 'Large Teddy Bears', 'Giant Teddy'],
    weight: 2,
    price: [299, 1999],
    nouns: ['Teddy Bear', 'Panda Soft Toy', 'Unicorn Soft Toy'],
    variants: [
      ['1 Feet', '2 Feet', '3 Feet', '4 Feet'],
      ['Brown', 'Pink', 'White', 'Cream'],
    ],
    keywords: ['teddy bear', 'soft toy', 'big teddy', 'gift for girlfriend', 'unicorn toy'],
  },
  {
    path: ['Toys', 'Vehicles', 'Remote Control Toys', 'RC Cars', 'Rechargeable RC Cars'],
    weight: 2,
    price: [499, 2999],
    nouns: ['Remote Control Car', 'RC Monster Truck', 'Stunt Car'],
    variants: [
      ['Rechargeable', '360 Degree Rotation', 'High Speed'],
      ['1:16 Scale', '1:24 Scale'],
    ],
    keywords: ['remote control car', 'rc car', 'toy car', 'stunt car', 'kids toys'],
  },
]

/** Ordinary words used for campaign and ad group names (plain letters, digits and spaces only). */
export const campaignThemes = [
  'Diwali Dhamaka',
  'Monsoon Sale',
  'Republic Day Deals',
  'Summer Essentials',
  'Wedding Season',
  'Back to School',
  'Festive Bonanza',
  'Holi Specials',
  'New Year Push',
  'Weekend Boost',
  'Always On',
  'Pongal Offers',
  'Onam Specials',
  'Navratri Picks',
  'Independence Day Sale',
  'Brand Awareness',
  'Clearance Drive',
  'Launch Week',
]

export const adGroupThemes = [
  'Top Sellers',
  'New Arrivals',
  'Best Value',
  'Premium Range',
  'Combo Packs',
  'High Margin',
  'Long Tail',
  'Competitor Terms',
  'Generic Terms',
  'Brand Terms',
]
