import type { BaseEditor } from "slate";
import type { HistoryEditor } from "slate-history";
import type { ReactEditor } from "slate-react";

/** The description editor's document: the spec's allowlist (p, br, strong, ul, li, ol, em) as slate nodes. */
export type FormattedText = { text: string; bold?: boolean; italic?: boolean };
export type ParagraphElement = { type: "paragraph"; children: FormattedText[] };
export type ListItemElement = { type: "list-item"; children: FormattedText[] };
export type ListElement = { type: "bulleted-list" | "numbered-list"; children: ListItemElement[] };
export type DescriptionElement = ParagraphElement | ListItemElement | ListElement;

declare module "slate" {
  interface CustomTypes {
    Editor: BaseEditor & ReactEditor & HistoryEditor;
    Element: DescriptionElement;
    Text: FormattedText;
  }
}
