/** User-facing texts of the spec, verbatim. Both the server and the web read them from here. */
export const MESSAGES = {
  notFound: {
    code: '404',
    title: 'Page Not Found',
    text: "The page you're looking for doesn't exist or has been moved.",
    action: 'Go Back Home',
  },
  forbidden: {
    title: 'Access Forbidden',
    text: "You don't have permission to view this page. Please check your access level or contact support.",
    action: 'Back to Home',
  },
  genericError: {
    title: 'Oops! Something Went Wrong',
    home: 'Go Home',
    retry: 'Try Again',
  },
  upload: {
    invalidTypeTitle: 'Invalid File Type',
    invalidType: 'Please upload a JPG, PNG, GIF, or WEBP image.',
    tooLargeTitle: 'File Too Large',
    tooLarge: 'Maximum file size is 5MB.',
    failedTitle: 'Upload Failed',
    failed: 'Failed to upload image. Please try again.',
    success: 'Image uploaded successfully!',
  },
  search: {
    error: 'Error loading properties. Please try again.',
    empty: 'No properties match your search criteria. Try different filters.',
    beforeSearch: 'Use the search bar above to find properties.',
  },
  newsletter: {
    successTitle: 'Subscribed!',
    success: 'You have successfully subscribed',
    failureTitle: 'Oops...',
    failure: 'Something went wrong. Try again.',
  },
  logoutSuccess: 'Log Out Successful',
} as const;

/** `{Label} is required`, the registration form's rule for every field (spec section 5). */
export const requiredMessage = (label: string) => `${label} is required`;
