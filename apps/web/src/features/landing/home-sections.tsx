import { NewsletterSection } from '@/features/newsletter/components/newsletter-section';
import { LatestReviewsSection } from '@/features/reviews/components/latest-reviews-section';
import { FaqSection } from './components/faq-section';
import { HowItWorksSection } from './components/how-it-works-section';
import { WhyChooseSection } from './components/why-choose-section';

/**
 * Home, sections 3 to 7 in the spec's order: How Our Platform Works, FAQ, Why Choose {brand},
 * Latest Reviews from Happy Buyers and the newsletter. One module for the home page to load lazily,
 * below the fold, so none of it weighs on the first download (see `DeferredHomeSections`).
 */
export function HomeSections() {
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

export default HomeSections;
