/**
 * Searches and duplicate checks are blind to case and to accents ('gondolas' finds 'Góndolas', 'cafe tokyo'
 * finds 'Café Tōkyō', 'lodz' finds 'Łódź'). `foldText` is the SQL function `campo_fold`
 * (migration 0032) in the server and the console: the two must fold alike, letter by letter (a test asks
 * the database for every letter mapped here and holds the migration to these strings).
 *
 * A letter of Latin-1 Supplement, Latin Extended-A, the common ones of Latin Extended-B (Romanian, pinyin,
 * Vietnamese ơ ư, Azerbaijani ə) and Latin Extended Additional (Vietnamese) becomes its plain lower-case letter;
 * an accent typed apart from its letter (U+0300–U+036F, a file saved decomposed) is dropped; a ligature is
 * written out ('ß' → 'ss', 'æ' → 'ae', 'œ' → 'oe', 'ĳ' → 'ij', 'þ' → 'th'), so that 'strasse' finds 'Straße'.
 * Everything else is lowered (`lower()`; under the C collation the database lowers only ASCII).
 */

/** `translate`'s letters, one for one: FOLD_TO holds plain lower-case letters and the ligatures of FOLD_LIGATURES. */
export const FOLD_FROM =
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŒŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƀƁƊƏƐƑƒƗƠơƯưƵƶǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǢǣǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳɃɄɓɗəɛɨʉḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẞẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹ';
export const FOLD_TO =
  'aaaaaaæceeeeiiiidnoooooouuuuyþaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiiĳjjkkkllllllllllnnnnnnnnnooooooœrrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzsbbdeeffioouuzzaaiioouuuuuuuuuuaaaaææggkkoooojggnnaaææooaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyybubdeeiuaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwysßaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyy';
/** The combining accents, dropped. */
export const FOLD_MARKS = Array.from({ length: 0x70 }, (_, i) => String.fromCodePoint(0x300 + i)).join('');
/** The ligatures, written out after `translate` (one `replace` each in SQL). */
export const FOLD_LIGATURES = [
  ['ß', 'ss'],
  ['æ', 'ae'],
  ['œ', 'oe'],
  ['ĳ', 'ij'],
  ['þ', 'th'],
] as const;
/**
 * The letters of Spanish and Portuguese, as FOLD_FROM folds them: the SQL function's short path. A text of ASCII
 * and these letters alone (nearly every name here) is folded by a translate of these 48, as before migration
 * 0032: the long one costs ~10 times as much per row, and is left for the texts that need it.
 */
export const FOLD_SPANISH_FROM = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
export const FOLD_SPANISH_TO = 'aaaaaeeeeiiiiooooouuuuncaaaaaeeeeiiiiooooouuuunc';

/**
 * The capitals of FOLD_FROM and their lower-case letters, one for one (Unicode's simple lower case: 'İ' → 'i',
 * not the 'i' and combining dot that `toLowerCase()` gives; 'ẞ' → 'ß'): case alone, accents kept. Client location
 * codes are compared by it (`foldLocationCode` in domain/locations.ts, the SQL `campo_code_fold` of migration 0033).
 */
export const CASE_FROM =
  'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽƁƊƏƐƑƗƠƯƵǍǏǑǓǕǗǙǛǞǠǢǦǨǪǬǴǸǺǼǾȀȂȄȆȈȊȌȎȐȒȔȖȘȚȞȦȨȪȬȮȰȲɃɄḀḂḄḆḈḊḌḎḐḒḔḖḘḚḜḞḠḢḤḦḨḪḬḮḰḲḴḶḸḺḼḾṀṂṄṆṈṊṌṎṐṒṔṖṘṚṜṞṠṢṤṦṨṪṬṮṰṲṴṶṸṺṼṾẀẂẄẆẈẊẌẎẐẒẔẞẠẢẤẦẨẪẬẮẰẲẴẶẸẺẼẾỀỂỄỆỈỊỌỎỐỒỔỖỘỚỜỞỠỢỤỦỨỪỬỮỰỲỴỶỸ';
export const CASE_TO =
  'àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįiĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷÿźżžɓɗəɛƒɨơưƶǎǐǒǔǖǘǚǜǟǡǣǧǩǫǭǵǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳƀʉḁḃḅḇḉḋḍḏḑḓḕḗḙḛḝḟḡḣḥḧḩḫḭḯḱḳḵḷḹḻḽḿṁṃṅṇṉṋṍṏṑṓṕṗṙṛṝṟṡṣṥṧṩṫṭṯṱṳṵṷṹṻṽṿẁẃẅẇẉẋẍẏẑẓẕßạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ';

const LIGATURE = new Map<string, string>(FOLD_LIGATURES);
const TO = [...FOLD_TO];
const FOLDED = new Map<string, string>([
  ...[...FOLD_FROM].map((letter, i): [string, string] => [letter, LIGATURE.get(TO[i]) ?? TO[i]]),
  ...[...FOLD_MARKS].map((mark): [string, string] => [mark, '']),
  ...FOLD_LIGATURES,
]);

/** The text as `campo_fold` sees it: accents off, ligatures written out, lower case. */
export const foldText = (text: string) => [...text].map((c) => FOLDED.get(c) ?? c).join('').toLowerCase();
