// The player's looks (docs/board.md, "Looks") as attributes of <html>, which board.css reads:
// data-theme (system, light, dark), data-back (the card backs), data-large-print,
// data-four-colour, data-left-handed. The server writes them into the page, so they apply
// before its first paint; this keeps them in step when a setting changes.
//
//   applyLooks(settings());

const FLAGS = [
  ["large_print", "largePrint"],
  ["four_colour", "fourColour"],
  ["left_handed", "leftHanded"],
];

export function applyLooks(settings) {
  const root = document.documentElement;
  root.dataset.theme = settings.theme ?? "system";
  root.dataset.back = settings.card_back ?? "blue";
  for (const [name, key] of FLAGS) {
    if (settings[name]) root.dataset[key] = "";
    else delete root.dataset[key];
  }
}

// Whether the table is laid out for a left hand, or in large print (geometry.js).
export const largePrint = () => "largePrint" in document.documentElement.dataset;
export const leftHanded = () => "leftHanded" in document.documentElement.dataset;
