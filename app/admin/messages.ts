/** The back office's messages and confirmations, word for word from account-and-back-office.md §8. */
export const ADMIN_MESSAGES = {
  listingsDenied: "The selected listings have been denied",
  listingDeleted: "The listing has been deleted",
  listingDeleteFailed: (message: string) => `The listing could not be deleted - ${message}`,
  confirmDeleteListing: "Are you sure you want to delete this listing? This action is permanent and cannot be undone.",
  reviewsAccepted: "The selected reviews have been accepted",
  reviewsDenied: "The selected reviews have been denied",
  reviewsDeleted: "The selected reviews have been deleted",
  reviewsRestored: "The selected reviews have been restored",
  confirmDeleteReviews: "Are you sure you want to delete the selected reviews, this cannot be undone?",
  confirmDenyReview: "Are you sure you want to deny this review?",
  usersDeleted: "The selected users have been deleted",
  userDeleted: "The user has been deleted",
  userDeleteFailed: (message: string) => `The user could not be deleted - ${message}`,
  confirmDeleteUser: "Are you sure you want to delete this user? This action cannot be undone and the user will no longer be able to use the website.",
  awardFailed: "Couldn't award the points",
  confirmDeleteRoad: "Are you sure you want to delete this road?",
  actionFailed: "An error occurred",
  // Spec §3: image deletion asks this; the spec gives no administrator's success message for images, so
  // these name what happened (the member's own wording, "Your profile image…", is theirs alone).
  confirmDeleteImage: "Are you sure you want to delete this image?",
  imageNotFound: "Sorry, we couldn't find that image.",
  profileImageRemoved: "The member's profile image has been removed",
  galleryImageRemoved: "The photo has been removed from the member's gallery",
  reviewPhotoRemoved: "The photo has been removed from the review",
  reviewPhotoMoved: "The review's photos have been reordered",
} as const;
