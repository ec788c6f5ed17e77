import { describe, expect, it } from "vitest";
import { htmlToText, plainTextToHtml, sanitiseDescription } from "../../app/listings/sanitise.server";
import { listingFormSchema, markerMissing } from "../../core/listing-form";
import { structuredData } from "../../app/listings/structured-data";

describe("sanitiseDescription", () => {
  it("keeps only p, br, strong, ul, li, ol, span and em, with no attributes", () => {
    const dirty = `<p class="x" onclick="alert(1)">Hi <strong>there</strong> <em>you</em><br><span style="color:red">!</span></p>
      <ul><li>one</li></ul><ol><li>two</li></ol><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">link</a>
      <h1>Title</h1><iframe src="https://example.com"></iframe><style>p{}</style>`;
    const clean = sanitiseDescription(dirty);
    expect(clean).toContain("<p>Hi <strong>there</strong> <em>you</em><br /><span>!</span></p>");
    expect(clean).toContain("<ul><li>one</li></ul><ol><li>two</li></ol>");
    expect(clean).not.toMatch(/script|onerror|onclick|img|iframe|href|style|class|<a|<h1/i);
    expect(clean).toContain("link");
    expect(clean).toContain("Title");
  });

  it("turns typed text into escaped paragraphs", () => {
    expect(plainTextToHtml("First <b>line</b>\nsecond\n\nNew paragraph")).toBe("<p>First &#60;b&#62;line&#60;/b&#62;<br />second</p><p>New paragraph</p>");
    expect(htmlToText("<p>One &amp; two</p><ul><li>three</li></ul>")).toBe("One & two three");
  });
});

describe("the listing form's schema", () => {
  const filled = { intent: "submit", walkType: "dog-walk", title: "River walk", description: "<p>Lovely</p>", descriptionFormat: "html", address: "Car park", country: "235", lat: "54.6", lng: "-2.7" };

  function messages(input: Record<string, unknown>): Record<string, string> {
    const result = listingFormSchema.safeParse(input);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  }

  it("uses the spec's messages word for word, with walk or listing", () => {
    expect(messages({ intent: "submit", walkType: "dog-walk" })).toEqual({
      title: "Please enter a brief, but descriptive title for this walk",
      description: "Please provide a description for this walk",
      address: "Please enter the first line of the address and post code, if you have it",
      country: "Please select which country this walk is in",
      lat: "Where is this walk? Place the map marker in the appropriate place",
    });
    expect(messages({ intent: "submit", walkType: "vet", lat: "0", lng: "0" })).toMatchObject({
      title: "Please enter a brief, but descriptive title for this listing",
      lat: "Where is this listing? Place the map marker in the appropriate place",
    });
    expect(messages({ intent: "submit" }).walkType).toBe("Please select the type of listing you'd like to add");
    expect(messages({ ...filled, description: "<p> </p>" }).description).toBe("Please provide a description for this walk");
    expect(messages(filled)).toEqual({});
  });

  it("skips the checks for a draft", () => {
    expect(messages({ intent: "draft" })).toEqual({});
    expect(markerMissing("", "0")).toBe(true);
    expect(markerMissing("54", "")).toBe(false);
  });
});

describe("structured data", () => {
  it("cannot close its script element", () => {
    const json = structuredData({
      url: "https://pawroute.test/dog-walk/x",
      walkType: "dog-walk",
      fullTitle: "</script><script>alert(1)</script>",
      descriptionText: "a & b",
      address: "",
      town: "",
      county: "",
      postcode: "",
      countryCode: "GB",
      lat: 1,
      lng: 2,
      image: null,
      rating: { count: 2, average: 4.5 },
    });
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toMatchObject({ "@type": "TouristAttraction", name: "</script><script>alert(1)</script>", aggregateRating: { ratingValue: 4.5, reviewCount: 2 } });
  });
});
