import { useCallback, useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { createEditor, Editor, Element as SlateElement, Transforms, type Descendant } from "slate";
import { withHistory } from "slate-history";
import { Editable, Slate, useSlate, withReact, type RenderElementProps, type RenderLeafProps } from "slate-react";
import { deserialise, htmlToPlainText, serialise } from "./html";
import type { DescriptionElement } from "./slate-types";

type Mark = "bold" | "italic";
type Block = "bulleted-list" | "numbered-list";

function isMarkActive(editor: Editor, mark: Mark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

function toggleMark(editor: Editor, mark: Mark): void {
  if (isMarkActive(editor, mark)) Editor.removeMark(editor, mark);
  else Editor.addMark(editor, mark, true);
}

function isBlockActive(editor: Editor, block: Block): boolean {
  const [match] = Editor.nodes(editor, { match: (node) => SlateElement.isElement(node) && node.type === block });
  return Boolean(match);
}

function toggleList(editor: Editor, block: Block): void {
  const active = isBlockActive(editor, block);
  Transforms.unwrapNodes(editor, { match: (node) => SlateElement.isElement(node) && (node.type === "bulleted-list" || node.type === "numbered-list"), split: true });
  Transforms.setNodes<DescriptionElement>(editor, { type: active ? "paragraph" : "list-item" });
  if (!active) Transforms.wrapNodes(editor, { type: block, children: [] });
}

/** Bold and italic as drawn letters (the design's line icons), shown beside their word. */
function MarkIcon({ mark }: { mark: Mark }) {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.4} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {mark === "bold" ? <path d="M7 4h6.5a4 4 0 0 1 0 8H7zM7 12h7.5a4 4 0 0 1 0 8H7z" /> : <path d="M10 4h8M6 20h8M14.5 4l-5 16" />}
    </svg>
  );
}

function ToolbarButton({ label, active, onToggle, children }: { label: string; active: boolean; onToggle: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="editor__button"
      aria-pressed={active}
      // Named by its visible text, which is the label (axe: label-content-name-mismatch).
      title={label}
      onMouseDown={(event) => {
        event.preventDefault();
        onToggle();
      }}
    >
      {children}
    </button>
  );
}

function Toolbar() {
  const editor = useSlate();
  return (
    <div className="editor__toolbar" role="toolbar" aria-label="Formatting">
      <ToolbarButton label="Bold" active={isMarkActive(editor, "bold")} onToggle={() => toggleMark(editor, "bold")}>
        <MarkIcon mark="bold" />
        <span>Bold</span>
      </ToolbarButton>
      <ToolbarButton label="Italic" active={isMarkActive(editor, "italic")} onToggle={() => toggleMark(editor, "italic")}>
        <MarkIcon mark="italic" />
        <span>Italic</span>
      </ToolbarButton>
      <ToolbarButton label="Bulleted list" active={isBlockActive(editor, "bulleted-list")} onToggle={() => toggleList(editor, "bulleted-list")}>
        Bulleted list
      </ToolbarButton>
      <ToolbarButton label="Numbered list" active={isBlockActive(editor, "numbered-list")} onToggle={() => toggleList(editor, "numbered-list")}>
        Numbered list
      </ToolbarButton>
    </div>
  );
}

function renderElement({ attributes, children, element }: RenderElementProps) {
  if (element.type === "bulleted-list") return <ul {...attributes}>{children}</ul>;
  if (element.type === "numbered-list") return <ol {...attributes}>{children}</ol>;
  if (element.type === "list-item") return <li {...attributes}>{children}</li>;
  return <p {...attributes}>{children}</p>;
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.bold) content = <strong>{content}</strong>;
  return <span {...attributes}>{content}</span>;
}

function SlateArea({ initialHtml, labelId, describedBy, invalid, onChange }: { initialHtml: string; labelId: string; describedBy?: string; invalid: boolean; onChange: (html: string) => void }) {
  const editor = useMemo(() => withHistory(withReact(createEditor())), []);
  const initial = useMemo<Descendant[]>(() => deserialise(initialHtml), [initialHtml]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      if (event.key === "b") {
        event.preventDefault();
        toggleMark(editor, "bold");
      } else if (event.key === "i") {
        event.preventDefault();
        toggleMark(editor, "italic");
      }
    },
    [editor],
  );
  return (
    <Slate editor={editor} initialValue={initial} onChange={(value) => onChange(serialise(value))}>
      <Toolbar />
      <Editable
        className="editor__area"
        renderElement={renderElement}
        renderLeaf={renderLeaf}
        onKeyDown={onKeyDown}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-multiline
        role="textbox"
        spellCheck
      />
    </Slate>
  );
}

interface Props {
  name: string;
  initialHtml: string;
  labelId: string;
  textareaId: string;
  describedBy?: string;
  invalid: boolean;
  onChange?: () => void;
}

/**
 * The description: a slate rich-text editor writing allowlisted HTML into a hidden field (with
 * descriptionFormat=html). Without JavaScript it is a plain textarea (descriptionFormat=text), whose
 * paragraphs the server turns into HTML.
 */
export function RichTextEditor({ name, initialHtml, labelId, textareaId, describedBy, invalid, onChange }: Props) {
  const [enhanced, setEnhanced] = useState(false);
  const [html, setHtml] = useState(initialHtml);
  useEffect(() => setEnhanced(true), []);
  if (!enhanced) {
    return (
      <>
        <input type="hidden" name="descriptionFormat" value="text" />
        <textarea id={textareaId} name={name} className="field__input" rows={10} defaultValue={htmlToPlainText(initialHtml)} aria-describedby={describedBy} aria-invalid={invalid || undefined} />
      </>
    );
  }
  return (
    <div className="editor">
      <input type="hidden" name="descriptionFormat" value="html" />
      <input type="hidden" name={name} value={html} />
      <SlateArea
        initialHtml={initialHtml}
        labelId={labelId}
        describedBy={describedBy}
        invalid={invalid}
        onChange={(value) => {
          setHtml(value);
          onChange?.();
        }}
      />
    </div>
  );
}
