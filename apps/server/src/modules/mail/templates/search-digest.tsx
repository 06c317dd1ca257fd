import { Heading } from '@react-email/components';
import { Action, MailLayout, type MailTemplate, mailStyles, Paragraph } from './layout.js';
import { type AlertListing, ListingList } from './listings.js';

export interface SearchDigestProps {
  name: string;
  searches: { searchName: string; searchUrl: string; listings: AlertListing[] }[];
}

const total = (props: SearchDigestProps) =>
  props.searches.reduce((sum, search) => sum + search.listings.length, 0);
const homes = (count: number) => (count === 1 ? '1 new home' : `${count} new homes`);

export const searchDigest: MailTemplate<SearchDigestProps> = {
  subject: (props) => `Today: ${homes(total(props))} for your saved searches`,
  body: (props, context) => (
    <MailLayout
      context={context}
      preview={`${homes(total(props))} matched your saved searches today.`}
      heading={`${homes(total(props))} for your saved searches`}
      reason="You get this e-mail once a day because you chose a daily digest of your saved searches."
    >
      <Paragraph>Hello {props.name},</Paragraph>
      <Paragraph>These homes were listed since yesterday and match your saved searches.</Paragraph>
      {props.searches.map((search) => (
        <div key={search.searchUrl}>
          <Heading as="h2" style={{ ...mailStyles.heading, fontSize: '18px' }}>
            {search.searchName}
          </Heading>
          <ListingList listings={search.listings} context={context} />
          <Action href={search.searchUrl} label="See every match" />
        </div>
      ))}
    </MailLayout>
  ),
};
