import { POINTS_PER_CLAIM } from "./types";

/** The questions the /treats page answers. */
export const TREAT_FAQS: { id: string; question: string; answer: string }[] = [
  {
    id: "what-are-treats",
    question: "What are Treats?",
    answer: "Treats are prizes for Pawroute members: vouchers from dog-friendly partners, free items, gifts posted to your door and discounts on a Pawroute subscription.",
  },
  {
    id: "how-to-win",
    question: "How do I win a Treat?",
    answer: `Collect Treat Points by reviewing walks, adding listings and inviting friends. Every ${POINTS_PER_CLAIM} Treat Points earns you a Treat to claim: pick one of the dogs' gifts and open it.`,
  },
  {
    id: "chances",
    question: "Which Treat will I get?",
    answer: "Every gift holds a Treat, drawn at random when you open it. Each Treat has its own chance of being won, shown below; the draw uses a secure random number so nobody can predict it.",
  },
  {
    id: "redeem",
    question: "How do I use my Treat?",
    answer: "Open Your Treats and press Redeem. Vouchers are shown and emailed to you, some Treats take you to the partner's website, and gifts we post need your address first.",
  },
  {
    id: "gift",
    question: "Can I give my Treat to someone else?",
    answer: "Yes: press Gift and enter the username or email address of another Pawroute member. They are emailed and find the Treat in their own Treats.",
  },
  {
    id: "expiry",
    question: "Do Treats expire?",
    answer: "Most do. The date you must use a Treat by is on its card; after it the Treat shows as expired and can no longer be redeemed or gifted.",
  },
];
