/** Texts a person reads, in the product's exact wording, which the original client and its users know. */

export const messages = {
  passwordsDontMatch: "Passwords don't match",
  enterValidInfo: 'Please enter valid info',
  contactCustomerCare: 'There is some error. Pl contact customer care',
  profileCreated: 'Your profile created successfully! View the email we sent you',
  feedbackSubmitted: 'Feedback submitted successfully',
  /** An admin call about a student id that is no student's. */
  noSuchStudent: 'No such student.',
  passwordResetSuccessful: 'Password Reset Successful!',
  verificationSuccess: 'Email Verification Success !',
  verificationFailed: 'Email Verification Failed !',
  // Ours: the link opened again (a mail scanner may have opened it first).
  alreadyVerified: 'Your email is already verified',
  alreadyVerifiedLead: 'This verification link was used before. Log in to continue.',
  checkingVerification: 'Checking your verification link…',
  logoutQuestion: 'Are you sure to logout ?',
  logoutConfirm: 'Yes, I want to logout',
  loggedOut: 'Logged out successfully',
  loginAgain: 'Login again',
  // Ours, where the product had no wording.
  invalidCredentials: 'Invalid email or password.',
  emailNotVerified:
    'Please verify your email before logging in. Check your inbox for the verification link, or send a new one.',
  emailTaken: 'An account with this email already exists. Please log in, or use Forgot Password.',
  forgotPasswordSent:
    'If an account exists for this email, we have sent a link to reset the password. Please check your inbox.',
  resendSent:
    'If this email has an account waiting for verification, we have sent a new verification link. Please check your inbox.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one from Forgot Password.',
  passwordChanged: 'Password changed successfully',
  wrongCurrentPassword: 'Your current password is not correct.',
  profileUpdated: 'Profile updated successfully',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  photoType: 'The photo must be a JPEG, PNG or WebP image.',
  photoTooLarge: 'The photo must be at most 5 MB.',
  photoTooManyPixels:
    'The photo is too large: it may have at most 25 megapixels (for example 5000 x 5000 pixels). Please choose a smaller photo.',
  photoBusy: 'Many photos are being uploaded right now. Please try again in a minute.',
  photoUploadsPerHour: 'You have changed your photo many times in the last hour. Please try again later.',
  sessionExpired: 'Your session has ended. Please log in again.',
  profileMailRequested:
    'If this email belongs to a student whose profile is complete, we have sent the profile email to it.',
  checkTheForm: 'Something in the form is not valid. Please check it and try again.',
  cannotReachServer: 'Could not reach the server. Please check your connection and try again.',
  requestFailed: 'Something went wrong. Please try again.',
  /** Live updates refused: the page checks for changes every few seconds instead, so nothing is missed. */
  streamsFromAddress:
    'Too many live update streams from your network. This page will check for changes every few seconds instead.',
  streamsServerFull:
    'The server has as many live update streams as it can hold. This page will check for changes every few seconds instead.',
} as const;
