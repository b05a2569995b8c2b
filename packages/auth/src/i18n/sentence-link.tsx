import { Link } from '@backline/ui';
import { splitSentence } from './split-sentence';

/** A translated sentence whose `part` links to `href` (the whole sentence when `part` is missing from it). */
export function SentenceLink({
  sentence,
  part,
  href,
  target,
}: {
  sentence: string;
  part: string;
  href: string;
  target?: string;
}) {
  const split = splitSentence(sentence, part);
  const linkProps = {
    href,
    ...(target && { target }),
    ...(target === '_blank' && { rel: 'noopener noreferrer' }),
  };
  if (!split) return <Link {...linkProps}>{sentence}</Link>;
  return (
    <>
      {split.before}
      <Link {...linkProps}>{split.part}</Link>
      {split.after}
    </>
  );
}
