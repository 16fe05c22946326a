import type { Accented as AccentedText } from '../i18n';

/** Accented shows a heading's text with its accent part in the accent colour. */
export default function Accented({ text }: { text: AccentedText }) {
  return (
    <>
      {text.before}
      <span className="text-green-700">{text.accent}</span>
      {text.after}
    </>
  );
}
