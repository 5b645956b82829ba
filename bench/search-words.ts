// The site search bench's words (bench/search.ts): titles, bodies and people's names.

// A learning site's vocabulary. Words are drawn with a skew towards the head of the list (see
// `pick`), as real titles are: "design" is in about 1 title in 10, a mid-list word such as
// "garden" in about 1 in 80, the last ones in about 1 in 100.
export const words =
  `design python beginners guide planning photography history writing music drawing
  cooking yoga finance marketing painting chemistry biology physics algebra calculus geometry
  statistics economics philosophy psychology sociology literature poetry grammar spanish french
  german italian japanese mandarin arabic portuguese russian korean latin greek hindi swahili
  piano guitar violin drums singing dance ballet theatre acting film editing animation sketching
  watercolour pottery sculpture knitting sewing weaving embroidery woodwork carpentry plumbing
  welding electronics robotics arduino raspberry circuits networking security cloud kubernetes
  docker linux windows databases spreadsheets excel accounting bookkeeping budgeting investing
  trading banking insurance taxes payroll leadership management negotiation communication
  teamwork coaching mentoring parenting nutrition fitness running cycling swimming climbing
  hiking camping fishing sailing surfing skiing chess bridge poker astronomy geology ecology
  botany zoology anatomy nursing pharmacy medicine dentistry veterinary firstaid mindfulness
  meditation sleep stress habits productivity journaling storytelling screenwriting blogging
  podcasting journalism publishing copywriting branding advertising sales retail ecommerce
  logistics supply procurement manufacturing engineering architecture interior landscape urban
  garden surveying mapping drones aviation automotive mechanics bicycles motorcycles farming
  beekeeping composting permaculture forestry wildlife birdwatching conservation climate energy
  solar wind recycling sustainability ethics law contracts privacy compliance governance
  diplomacy politics debate rhetoric logic reasoning puzzles riddles mathematics arithmetic
  fractions decimals percentages probability trigonometry vectors matrices topology javascript
  typescript rust golang kotlin swift haskell elixir scala clojure ruby rails django flask react
  angular vue svelte css html accessibility usability typography calligraphy lettering printing
  bookbinding origami papercraft jewellery leather candles soap perfume baking pastry bread
  chocolate coffee tea wine cheese fermentation vegan barbecue seafood spices noodles dumplings
  sushi tapas brunch desserts cocktails mixology hospitality tourism travel backpacking museums
  archaeology egypt rome vikings medieval renaissance baroque jazz blues rock opera choir
  orchestra composition harmony rhythm songwriting recording mixing mastering podcasts radio
  television lighting costume makeup hairdressing fashion textiles tailoring modelling
  basics essentials fundamentals masterclass workshop bootcamp primer handbook toolkit
  foundations advanced intermediate practical applied modern classic creative complete quick`
    .split(/\s+/)
    .filter(Boolean);
// Added to about 1 title in 2 000, so each matches a handful of rows per type.
export const rareWords = ["quokka", "zeppelin", "marzipan", "tundra", "kaleidoscope"];
export const firstNames = `maria james amina li sofia mohammed emma noah olivia lucas chloe hugo ana
  pedro yuki kenji fatima omar elena ivan priya arjun grace samuel leila tariq nora felix ines
  mateo zara david sara jonas hannah tom alice oscar mila leon ella adam ruth pablo carmen
  rosa diego lena nils ayla kofi ama chen wei mei sean aoife`
  .split(/\s+/)
  .filter(Boolean);
export const surnames = `smith garcia nguyen kim pereira muller rossi silva tanaka kowalski ivanova
  haddad patel singh cohen dubois novak jensen larsen murphy kelly obrien martin bernard petit
  moreau lopez gonzalez fernandez santos okafor costa oliveira yilmaz demir kaya sato suzuki
  takahashi wang zhang liu chen huang khan ahmed ali hussain mensah boateng adeyemi eze
  andersson nilsson berg virtanen korhonen horvat kovac popescu ionescu`
  .split(/\s+/)
  .filter(Boolean);

// In about 1 body in 1 000 and in no title: found by the text-search documents only.
export const bodyOnlyWords = ["saturation", "chiaroscuro", "sfumato"];
