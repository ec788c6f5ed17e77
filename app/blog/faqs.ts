/** The questions /faqs and /contact answer (written for Pawroute). */
export const FAQS: { id: string; question: string; answer: string }[] = [
  {
    id: "what-is-pawroute",
    question: "What is Pawroute?",
    answer: "Pawroute is a directory of dog-friendly places in the UK and France: walks, pubs and cafes, beaches, accommodation, services and vets, found by road, by place or along a route.",
  },
  {
    id: "motorway-walks",
    question: "How do I find a walk near a motorway junction?",
    answer: "Use the motorway search: choose a road and you see the listings junction by junction, with how far each is from the exit.",
  },
  {
    id: "add-a-place",
    question: "Can I add a place I know?",
    answer: "Yes. Use Add a listing. Our team checks each new listing before it appears, and members earn Treat Points when theirs goes live.",
  },
  {
    id: "treat-points",
    question: "What are Treat Points?",
    answer: "Members collect Treat Points for reviews, listings and stories that appear on Bark Out. Points give you chances to win Treats. Confirm your email address to collect them.",
  },
  {
    id: "share-a-story",
    question: "How do I share my dog's story?",
    answer: "Fill in the story form on Bark Out. We read every story; if yours appears on the blog and you are a member, you earn Treat Points.",
  },
  {
    id: "wrong-details",
    question: "A listing has the wrong details. What should I do?",
    answer: "Open the listing and choose Edit to suggest a change, or send us a message with the form on this page and we will look at it.",
  },
  {
    id: "newsletter",
    question: "How do I stop the newsletter?",
    answer: "Every newsletter mail has an unsubscribe link that works with one click. Members can also change their email settings in their account.",
  },
];
