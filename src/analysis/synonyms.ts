// English synonyms for query expansion (docs/analyzer.md §A6 step 5): groups of everyday and software
// words that name the same thing or action in a request, or a closely related one (`cheap` /
// `price`, `rent` / `tenant`). Generic vocabulary only — never a tool's, server's or product's
// name, nor a benchmark's wording. A query word of a group adds the group's other words at the
// related weight (`relatedWeight`, default 0.3): a hint, not a replacement, so a tool that uses
// the request's own word still ranks first. Every group was kept because it helps on the dev
// folds and would hold in any catalogue (docs/tuning.md, related terms).
//
// A word the `plural` analyzer folds into another word does not belong here: `goods` folds
// to `good`, so it would expand every "good". (`news` folds to `new`; its group is kept.)
import { lazyRecord } from "./lazy-record.js";

// One group per line, its words separated by spaces: plain text is the smallest form a bundle
// can carry.
const GROUPS = [
  // Actions
  `find search lookup locate discover seek
picture image photo photograph pic
screenshot snapshot capture
remove delete erase
create generate make build
show display view
fetch retrieve get
edit modify
start begin launch
stop halt terminate
write compose draft
rephrase paraphrase rewrite reword
summarize summarise summary overview recap digest synopsis
translate translation translator
convert conversion converter transform
calculate compute calculator calculation math arithmetic formula
compare comparison versus vs
analyze analyse analysis evaluate assess insight
scrape scraping crawl extract
export download
remind reminder alarm
alert notify notification alarm warning
monitor observe watch
change diff difference modification
deploy deployment publish release
lint linter`,
  // Commerce and money
  `buy purchase shopping
price cost pricing fee
cheap affordable inexpensive expensive price cost
expense spending budget cost
discount deal coupon sale promo voucher bargain
shop store shopping retail marketplace ecommerce
product item merchandise
customer client consumer
company business firm corporation enterprise
competitor rival competition
advertising advertisement ad marketing campaign
money cash
currency forex dollar euro usd eur
payment pay repayment installment
invoice bill billing
loan mortgage credit debt borrow
finance financial investment invest portfolio wealth
revenue income earning profit
stock share equity ticker
market trading trade exchange
crypto cryptocurrency bitcoin ethereum blockchain btc nft
charity nonprofit donation donate fundraising`,
  // Home, work and study
  `house home property apartment housing residence condo
estate realty property
rent rental lease tenant landlord
neighborhood neighbourhood district area
job career employment vacancy hiring recruitment occupation
hire hiring recruit recruiter talent
resume cv
learn study education course
course class lesson lecture tutorial curriculum
teacher tutor instructor teach
student learner pupil
research scientific academic scholarly
doc document
spreadsheet sheet worksheet
form survey questionnaire poll
chart graph plot diagram flowchart histogram visualize visualization
note memo
task todo chore
schedule calendar appointment agenda
meeting appointment conference
reserve reservation booking
ticket admission
ticket seat booking
event happening occasion
habit routine`,
  // Travel and places
  `trip travel journey vacation holiday itinerary
tour tourism tourist sightseeing attraction landmark
flight airline airfare
hotel accommodation lodging resort hostel motel homestay
restaurant dining eatery cafe diner
location place address venue
nearby near nearest closest
distance far
route direction navigation navigate commute
transport transit transportation subway metro bus
parking garage
hike hiking trail
car vehicle automobile auto
car dealer dealership
coordinate latitude longitude geocode gps
zipcode postcode postal zip
delivery shipping shipment parcel courier`,
  // Food, health and life
  `recipe cooking cook meal dish cuisine
food meal cuisine eat snack dinner lunch breakfast
diet nutrition nutritional calorie nutrient dietary
medical medicine health healthcare clinical
doctor physician clinic hospital
disease illness sickness
symptom diagnosis disease
drug medication medicine pill
fitness exercise workout gym
beauty cosmetic makeup skincare
pet dog cat animal
plant garden gardening
gift present souvenir
clothing clothes apparel garment outfit fashion wear
shirt tshirt hoodie sweatshirt apparel`,
  // Media, fun and culture
  `song music track tune playlist album melody
film movie cinema
video clip footage vlog
audio sound
speech voice spoken
podcast episode
news headline
story narrative tale fiction
book novel ebook
painting artwork art
game gaming gameplay
puzzle crossword sudoku riddle
fun entertainment amusement bored
joke humor funny meme
poem poetry verse
quote quotation saying
concert gig festival
sport athletic athlete
soccer football
player athlete
horoscope zodiac astrology astrological
space astronomy planet astronaut galaxy cosmos moon
earthquake seismic quake
weather forecast temperature rain precipitation humidity wind`,
  // Technology and the web
  `email mail inbox
message sms chat
website site webpage homepage
webpage page url
link url hyperlink
password credential passphrase
login signin authenticate authentication
security secure safety safe protection
malware virus phishing scam fraud threat
error bug exception fault crash issue problem
repository repo codebase opensource
code coding programming
developer programmer engineer
app application
server host hosting
folder directory dir
electronics gadget device
laptop computer pc
phone smartphone mobile cellphone
seo keyword ranking visibility optimization
statistic stats analytics metric
qr barcode
color colour palette
font typeface`,
  // Words and qualities
  `info information
recommend suggest
recommendation suggestion
advice tip guidance
text word
dictionary definition meaning define
grammar spelling proofread typo
big large huge
small little tiny
fast quick rapid
latest newest update
top best popular
trend trending popular viral
review rating feedback opinion
history historical archive
timezone time clock
law legal lawyer attorney statute legislation regulation
population demographic census
transcript transcription transcribe
fuel gas petrol gasoline diesel
electricity energy power
stream streaming watch`,
];

/** Each group lists interchangeable words; every word expands to the others. */
export const ENGLISH_SYNONYM_GROUPS: readonly (readonly string[])[] = Object.freeze(
  GROUPS.join("\n").split("\n").map((line) => Object.freeze(line.split(" "))),
);

/**
 * The plural a query may use where the `plural` analyzer's `s` folding does not reach the
 * singular: `cities` folds to `citie`, `dishes` to `dishe`. Plain `s` plurals fold already.
 */
function irregularPlural(word: string): string | undefined {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return undefined;
}

/**
 * The groups as lexicon entries: each word → the other words of every group it is in. A word
 * whose plural the analyzer does not fold to it (`city` / `cities`) is keyed under that plural
 * too, so `cities` expands like `city`.
 */
export function synonymLexicon(groups: readonly (readonly string[])[] = ENGLISH_SYNONYM_GROUPS): Record<string, string[]> {
  const lexicon: Record<string, string[]> = Object.create(null);
  for (const group of groups) {
    for (const word of group) {
      const plural = irregularPlural(word);
      for (const key of plural === undefined ? [word] : [word, plural]) {
        const words = (lexicon[key] ??= []);
        for (const other of group) if (other !== word && !words.includes(other)) words.push(other);
      }
    }
  }
  return lexicon;
}

/** The bundled English synonyms in lexicon form (keys are ASCII, so they expand at the related weight), built on first read. */
export const ENGLISH_SYNONYMS: Readonly<Record<string, readonly string[]>> = lazyRecord(synonymLexicon);
