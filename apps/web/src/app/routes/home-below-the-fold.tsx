import { FaqSection } from '@/features/landing/components/faq-section';
import { HowItWorksSection } from '@/features/landing/components/how-it-works-section';
import { WhyChooseSection } from '@/features/landing/components/why-choose-section';
import { NewsletterSection } from '@/features/newsletter/components/newsletter-section';
import { LatestReviewsSection } from '@/features/reviews/components/latest-reviews-section';

/**
 * Home below the search, in order: How Our Platform Works, FAQ, Why Choose {brand}, Latest
 * Reviews from Happy Buyers and the newsletter. One module for the home page to load lazily, so
 * none of it weighs on the first download.
 */
export default function HomeBelowTheFold() {
  return (
    <>
      <HowItWorksSection />
      <FaqSection />
      <WhyChooseSection />
      <LatestReviewsSection />
      <NewsletterSection />
    </>
  );
}
