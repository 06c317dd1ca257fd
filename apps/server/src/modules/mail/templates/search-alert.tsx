import { Action, MailLayout, type MailTemplate, Paragraph } from './layout.js';
import { type AlertListing, ListingList } from './listings.js';

export interface SearchAlertProps {
  name: string;
  searchName: string;
  searchUrl: string;
  listings: AlertListing[];
}

const homes = (count: number) => (count === 1 ? 'A new home' : `${count} new homes`);

export const searchAlert: MailTemplate<SearchAlertProps> = {
  // The search's name is the owner's own words, and stays in the body: a subject line is ours.
  subject: (props) => `${homes(props.listings.length)} for your saved search`,
  body: (props, context) => (
    <MailLayout
      context={context}
      preview={`${homes(props.listings.length)} matching your saved search ${props.searchName}.`}
      heading={`${homes(props.listings.length)} for “${props.searchName}”`}
      reason="You get this e-mail because you asked to hear of new homes matching this saved search."
    >
      <Paragraph>Hello {props.name},</Paragraph>
      <Paragraph>
        {props.listings.length === 1
          ? 'A home that matches'
          : `${props.listings.length} homes that match`}{' '}
        your saved search “{props.searchName}” {props.listings.length === 1 ? 'was' : 'were'} just
        listed.
      </Paragraph>
      <ListingList listings={props.listings} context={context} />
      <Action href={props.searchUrl} label="See every match" />
    </MailLayout>
  ),
};
