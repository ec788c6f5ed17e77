import { FAQS } from "../../blog/faqs";

/**
 * The FAQs as disclosures. With `exclusive`, they share a name so opening one closes the others
 * (the browser's own accordion: one item opens or closes per click, with or without JavaScript).
 */
export function Faqs({ exclusive, headingLevel = 2 }: { exclusive: boolean; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="faqs">
      {FAQS.map((faq) => (
        <details key={faq.id} className="faq" id={`faq-${faq.id}`} name={exclusive ? "faqs" : undefined}>
          <summary>
            <Heading className="faq__question">{faq.question}</Heading>
          </summary>
          <p className="faq__answer">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
