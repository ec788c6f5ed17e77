// Word pools for generated listing names and descriptions. The demo data is plausible, not real.

export const WALK_FEATURES = [
  "Riverside",
  "Woodland",
  "Hilltop",
  "Canal towpath",
  "Meadow",
  "Lakeside",
  "Heathland",
  "Country park",
  "Forest",
  "Valley",
  "Moorland",
  "Bluebell wood",
  "Old railway line",
  "Reservoir",
  "Orchard",
  "Village green",
];

export const FRENCH_WALK_FEATURES = ["Forest", "Riverside", "Vineyard", "Canal", "Lakeside", "Valley", "Hilltop", "Château park", "Woodland", "Meadow"];

export const PUB_FIRST = ["Red", "Black", "White", "Golden", "Royal", "Old", "Green", "Kings", "Queens", "Bay", "Fox", "Plough", "Rose", "Swan", "Wheatsheaf", "Bell"];
export const PUB_SECOND = ["Lion", "Bull", "Hart", "Horse", "Dog", "Hound", "Arms", "Inn", "Anchor", "Crown", "Star", "Oak", "Ship", "Feathers"];
export const CAFE_NAMES = ["Muddy Paws Café", "The Dog House Tearoom", "Wag & Wander Café", "The Bark Bakery", "Four Paws Kitchen", "The Riverside Café", "Lead & Latte"];
export const FRENCH_PUB_NAMES = ["Café du Commerce", "Le Bistrot du Port", "Brasserie de la Gare", "Café des Sports", "Auberge du Lac", "Le Relais", "La Taverne", "Bar de la Place"];

export const BEACH_WORDS = ["Beach", "Sands", "Bay", "Cove", "Strand"];
export const BUSINESS_NAMES = ["Dog Grooming Studio", "Pet Supplies", "Canine Hydrotherapy", "Dog Training School", "Raw Food Kitchen", "Pet Photography"];
export const ACCOMMODATION_NAMES = ["Cottage", "Farm B&B", "Lodge", "Guest House", "Shepherd's Hut", "Holiday Park", "Barn"];
export const SERVICES_NAMES = ["Dog Daycare", "Dog Walking Services", "Doggy Boarding Kennels", "Mobile Dog Groomer", "Pet Sitting"];
export const VET_SURNAMES = ["Ashby", "Blake", "Carter", "Dawson", "Ellis", "Fletcher", "Grant", "Harper", "Irving", "Jones", "Kerr", "Lloyd", "Moss", "Nash", "Owens", "Price"];

export const GB_STREETS = ["High Street", "Church Lane", "Station Road", "Mill Lane", "The Green", "Market Place", "Bridge Street", "Park Road", "Chapel Lane", "Victoria Road"];
export const FR_STREETS = ["rue de la République", "avenue du Général de Gaulle", "rue de l'Église", "place du Marché", "rue des Écoles", "chemin du Moulin", "quai du Port"];

export const DESCRIPTION_OPENERS: Record<number, string[]> = {
  1: [
    "A {length} loop through {feature} country, easy to find {where}.",
    "This {length} walk follows well-marked paths with plenty of sniffs along the way, {where}.",
    "A favourite with local dog owners: a {length} circuit {where} with space to stretch your legs.",
  ],
  2: [
    "A welcoming spot {where} where dogs are as welcome as their owners.",
    "Water bowls at the door, treats behind the counter and a fire in winter, {where}.",
    "Dogs are welcome in the bar and the garden; a handy stop {where}.",
  ],
  3: [
    "A dog-friendly stretch of coast {where}, with firm sand at low tide.",
    "Dogs are welcome on this beach all year round; {where}.",
    "A sheltered beach {where}, popular with dog walkers early and late in the day.",
  ],
  4: [
    "A local business that loves dogs, {where}.",
    "Run by dog lovers for dog lovers, {where}.",
    "Friendly, independent and dog-first, {where}.",
  ],
  5: ["A veterinary practice {where}, with same-day appointments for travellers.", "Small-animal vets {where}; call ahead if you are passing through.", "An established practice {where}, used to seeing dogs on holiday."],
};

export const DESCRIPTION_MIDDLES = [
  "Parking is close by and the paths are mostly firm underfoot.",
  "Keep dogs on a lead near livestock and during ground-nesting season.",
  "There is a water tap for dogs and bins along the route.",
  "Expect a few muddy patches after rain, so bring a towel for the car.",
  "Quieter on weekdays; busy on sunny weekends and bank holidays.",
  "Good for a short leg-stretch on a long drive, or a longer afternoon out.",
];

export const DESCRIPTION_CLOSERS = [
  "Let us know how you get on by leaving a review.",
  "Have you been? Share a photo of your dog here.",
  "Check opening times before you travel.",
];
