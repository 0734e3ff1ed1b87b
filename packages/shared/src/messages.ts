/**
 * Texts the user reads, word for word as docs/product/ quotes them (one file per area).
 * Texts marked "ours" are our own wording, marked so in docs/product/ too.
 */

import { QUOTAS, REPEAT_LIMITS, SUBTASK_DEPTH_MAX } from './constants';

export const MESSAGES = {
  // Texts users read
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  passwordMeetsAll: 'Password meets all requirements',
  resetPasswordRules:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  acceptTerms: 'You must accept the terms and conditions',
  // ours: a cap so that hashing stays cheap
  // ours (ADR 0013): refused at sign-up and reset by the server's list of common passwords
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  passwordTooLong: 'Password must be at most 128 characters long',

  // ours: contact and feedback field texts (docs/product/public-site.md)
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  feedbackRequired: 'Feedback is required',
  categoryRequired: 'Please choose a category',
  ratingInvalid: 'Rating must be a whole number from 1 to 5',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,

  // Contact
  contactSent: "Message sent successfully! We'll get back to you soon.",
  contactFailed: 'Failed to send message. Please try again.',
  // Feedback
  feedbackSent: 'Thank you for your feedback! We appreciate your input.',
  feedbackFailed: 'Failed to submit feedback. Please try again.',

  // FAQ
  faqSearching: 'Searching...',
  faqFound: (count: number, term: string) => `Found ${count} result(s) for "${term}"`,
  faqNoResults: 'No results found',
  faqNoResultsHint: 'Try adjusting your search terms or browse the categories below.',

  // login and session
  loginSuccess: 'Welcome back!',
  loginFailed: 'Login failed',
  accountDeleted:
    'Your account was deleted. Please visit the "Restore Account" page to restore your account.',
  emailNotVerified:
    'Please verify your email before logging in. Check your inbox for the verification link.',
  accountMissing: 'This account no longer exists.',
  forcedLogoutNotFound: 'Account not found. Please sign up again.',
  forcedLogoutDeleted:
    'Your account has been deleted. To restore your account, please visit the restore account page.',
  // ours: a session read that failed (a 500, no network) is not a sign-out (docs/product/accounts.md)
  sessionCheckFailed:
    'We could not check your sign-in. Please check your connection and try again.',
  signUpSuccess: 'Account created successfully!',
  signUpFailed: 'Registration failed',
  logoutSuccess: 'Logged out successfully',
  logoutFailed: 'Logout failed',
  // ours: wrong credentials and a taken email (docs/product/accounts.md)
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists.',

  // verification
  verificationUserNotFound:
    'This verification link is invalid. The user account may have been deleted. Please sign up again.',
  verificationInvalid:
    'This verification link has expired or is invalid. Please sign up again or request a new verification email.',
  // ours (ADR 0013): a link opened away from the sign-up browser verifies but does not sign in
  verifiedLogIn: 'Your email has been verified. Please log in to continue.',
  alreadyVerified: 'This email is already verified! You can log in now.',
  restoreLinkInvalid: 'Invalid restoration link. Please request a new account restoration.',
  restoreNotEligible:
    'This account is not eligible for restoration. Please contact support for assistance.',
  verificationFailedDefault: 'Email verification failed. Please try again.',
  verificationFailedToast: 'Email verification failed',
  verificationSessionExpired: 'Verification session expired. Please sign up again.',
  verificationStatusError: 'Error checking verification status. Please try again.',
  verificationEmailSent: 'Verification email sent! Please check your inbox.',
  verificationEmailFailed: 'Failed to send verification email',
  verificationResent: 'Verification email sent again! Please check your inbox.',
  verificationResendFailed: 'Failed to resend verification email',
  welcome: (name: string) => `Email verified! Welcome to Daywise, ${name}!`,
  linkMissingParameters:
    'Invalid verification link. Missing required parameters. Please try signing up again.',
  linkBadTokenFormat:
    'Invalid verification token format. Please check your email for the correct verification link.',
  linkBadUserFormat: 'Invalid verification link format. Please try signing up again.',
  linkTokenTooShort:
    'Invalid verification token. Please check your email for the correct verification link.',

  // password reset
  resetEmailSent: 'Password reset email sent! Please check your inbox.',
  resetEmailFailed: 'Failed to send password reset email. Please try again.',
  resetNoAccount: 'No account found with this email address.',
  resetAccountDeleted: 'This account was deleted. Please restore your account first.',
  resetGenericFieldError: 'An error occurred. Please try again.',
  resetTokenVerified: 'Token verified! You can now set your new password.',
  resetTokenInvalid: 'Invalid or expired reset link.',
  resetSuccess: 'Password reset successfully! You can now log in with your new password.',
  resetLinkExpired: 'Reset link has expired. Please request a new one.',
  resetLinkExpiredOrInvalid: 'Reset link has expired or is invalid. Please request a new one.',
  resetFailed: 'Failed to reset password. Please try again.',
  recoveryFailed: 'Recovery failed. Please try again.',
  recoveryFillAll: 'Please fill in all fields',
  recoveryCouldNot:
    'Could not recover verification. Please contact support or try signing up again.',
  // ours: recovery of an unverified account sends a fresh link
  recoveryEmailSent: 'We sent you a new verification email. Please check your inbox.',

  // restore
  restoreServiceNotFound:
    'No account found with this email address. Please sign up to create a new account.',
  restoreToastNotFound:
    'No account found with this email address. Please check the spelling and try again.',
  restoreInlineNotFound:
    'No account was found with this email address. Please verify the email or contact support.',
  restoreServiceNotDeleted: 'Your account is not deleted. Please try logging in normally.',
  restoreToastNotDeleted: 'This account exists but is not deleted. Please try logging in normally.',
  /** The restoration link, opened in the browser that asked for it: signed in (ours). */
  restoreSignedIn: 'Your account has been restored.',
  restoreSuccess:
    'Account restored successfully! You can now log in with your original email and password.',
  restoreFailed: 'Failed to restore account. Please try again.',
  restoreUnexpectedInline: 'An error occurred while processing your request. Please try again.',
  // ours: restoring by email sends a link first
  restoreEmailSent: 'Check your email: we sent you a link to restore your account.',

  // settings
  settingsLoadFailed: 'Failed to load settings',
  settingUpdated: 'Setting updated',
  // The spec gives analytics on/off their own toasts without wording; ours (profile-and-settings.md).
  analyticsEnabled: 'Analytics enabled',
  analyticsDisabled: 'Analytics disabled',
  settingUpdateFailed: 'Failed to update setting',
  settingsLogoutFailed: 'Failed to logout',
  themeChanged: (label: string) => `Theme changed to ${label}`,
  // Shown under the field while the dialog stays open (ours, profile-and-settings.md).
  deleteTypeMismatch: 'That does not match. Type DELETE in capital letters.',
  deleting: 'Deleting account...',
  deleted: 'Account successfully deleted',
  deleteFailed: 'Account deletion failed',

  // your data: exports (docs/data-archive.md)
  exportStarting: 'Preparing your export…',
  exportProgress: (done: number, total: number) =>
    `Exporting… ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items`,
  exportReceived: (kilobytes: number) =>
    `Exporting… ${kilobytes.toLocaleString('en-US')} KB received`,
  exportSaved: (filename: string) => `Saved ${filename}`,
  exportFailed: 'The export did not finish. Please try again.',
  exportRangeInvalid: 'Choose a start date on or before the end date.',

  // profile
  invalidImage: 'Invalid image file. Please select a valid image under 5MB.',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  pictureProcessing: 'Processing image...',
  pictureReady: 'Image ready for upload',
  pictureProcessFailed: 'Failed to process image',
  pictureWillBeRemoved: 'Profile image will be removed when you save',
  // Ours: the spec puts no rule on the website (profile-and-settings.md).
  websiteInvalid: 'Please enter a web address, such as example.com or https://example.com',

  // todos
  todoCreated: 'Todo created successfully!',
  todoCreateFailed: 'Failed to create todo',
  todoUpdated: 'Todo updated successfully!',
  todoUpdateFailed: 'Failed to update todo',
  todoCompleted: 'Todo completed!',
  todoMarkedPending: 'Todo marked as pending',
  todoDeleted: 'Todo deleted successfully!',
  todoDeleteFailed: 'Failed to delete todo',
  todosLoadFailed: 'Failed to load todos',
  // ours: quick add's parser is fetched when it first opens (docs/product/todos.md#quick-add)
  quickAddLoadFailed: 'Quick add could not load. Check your connection and try again.',
  // ours: the header's New todo form (key n) is fetched when first needed (docs/product/todos.md)
  todoFormLoadFailed: 'The todo form could not load. Check your connection and try again.',
  // todos
  noPendingTodos: 'No pending tasks',
  noCompletedTodos: 'No completed tasks yet',
  notificationPermissionNeeded: 'Notifications permission needed',
  // ours: after the reminder switch was refused (docs/product/todos.md#reminders)
  notificationsBlockedHelp:
    'Your browser is not allowing notifications from Daywise. To allow them, click the icon beside the address bar, open the site settings and set Notifications to Allow, then try again. Reminders still show inside Daywise while it is open.',
  // ours: the plan task reminder dialog without notification permission
  notificationsInPageHelp:
    'Notifications are not allowed in this browser, so this reminder will show inside Daywise while it is open. To get notifications, click the icon beside the address bar, open the site settings and set Notifications to Allow.',
  // ours: a todo reminder's own text (docs/product/todos.md#reminders)
  reminderTitle: (title: string) => `Reminder: ${title}`,
  todoReminderBody: 'It is time for this todo.',

  // plans and reminders
  taskTitleRequired: 'Task title is required',
  planTitleRequired: 'Plan title is required',
  planNeedsTask: 'At least one task is required',
  planSaveFailed: 'Failed to save plan. Please try again.',
  reminderSetFailed: 'Failed to set reminder',
  notificationShowFailed: 'Failed to show notification. Please check your browser settings.',
  notificationTestError: 'Error testing notification system',
  reminderTimeInvalid: 'Please enter a valid time in HH:MM format',
  reminderSet: (task: string, time: string) => `Reminder set for ${task} at ${time}`,
  reminderRemoved: (task: string) => `Reminder removed for ${task}`,
  planTestNotificationSent: 'Test notification sent! Check that you received it.',
  noDailyPlan: 'No Daily Plan Yet',
  noDailyGoalsFound: 'No Daily Goals Found',
  analyticsLoadFailed: 'Failed to load analytics',
  // ours: messages for the actions of docs/product/daily-goals.md
  planCreated: 'Plan created',
  planUpdated: 'Plan updated',
  planDeleted: 'Plan deleted',
  planDeleteFailed: 'Failed to delete plan',
  taskUpdateFailed: 'Failed to update task',
  taskCompleted: 'Task completed',
  taskMarkedPending: 'Task marked as pending',
  taskDeleted: 'Task deleted',
  taskDeleteFailed: 'Failed to delete task',
  dayReset: 'All tasks of the day are pending again',
  dayResetFailed: 'Failed to reset the day',
  tagCreated: 'Tag created',
  tagUpdated: 'Tag updated',
  tagSaveFailed: 'Failed to save tag',
  tagNameTaken: 'You already have a tag with this name',
  tagDeleted: 'Tag deleted',
  tagDeleteFailed: 'Failed to delete tag',
  todoTagUnknown: 'Choose tags from your own tag list',
  todoListUnknown: 'Choose a list of your own, or the Inbox',
  todoSectionUnknown: "Choose a section of the todo's own list",
  todoParentUnknown: 'Choose one of your own todos as the parent',
  todoParentCycle: 'A todo cannot be a subtask of itself or of one of its own subtasks',
  todoTooDeep: `Subtasks can be nested at most ${SUBTASK_DEPTH_MAX} levels below a top-level todo`,
  subtaskPlacement:
    "A subtask is always in its parent's list and section: move the parent, or make it a top-level todo first",
  sectionQuota: `A list can have at most ${QUOTAS.sectionsPerList} sections.`,
  importNoParent: 'Imported as a top-level todo: its parent is not in the file',
  importParentLoop: 'Imported as a top-level todo: its parents loop back to it',
  importTooDeep: `Imported as a top-level todo: subtasks nest at most ${SUBTASK_DEPTH_MAX} levels deep`,
  importNestedHigher: `Imported under a todo higher up: subtasks nest at most ${SUBTASK_DEPTH_MAX} levels deep`,
  listHoldsTodos:
    'This list holds todos: delete it with ?todos=move to move them to the Inbox, or ?todos=delete to delete them with it.',
  importFileTooLarge: 'This file is larger than 10 MB. Export fewer projects or lists at a time.',
  importFileEmpty: 'This file is empty.',
  importNotText:
    'This file is not a text file. Choose the CSV or JSON file the other app exported, without zipping it.',
  importNotUtf8:
    "This file is not UTF-8 text. Export it again from the app, or save it as 'CSV UTF-8' in your spreadsheet.",
  importUnknownFormat:
    'This file is not a Todoist CSV export, a TickTick CSV backup or a Daywise JSON archive.',
  importBadArchive: 'This Daywise archive is damaged or from a newer version of Daywise.',
  importBadCsv: 'This CSV file could not be read: its quotes or columns are broken.',
  importNothing: 'This file holds no tasks to import.',
  importTooManyRows: (max: number) =>
    `This file has more than ${max.toLocaleString('en-US')} rows. Export fewer projects or lists at a time.`,
  importRunning: 'An import is already running. Wait for it to finish.',
  importStarted: 'Import started',
  importDone: 'Import finished',
  importFailed: 'The import stopped. Import the file again: what was imported is not duplicated.',
  todoTagsLoadFailed: 'Failed to load your tags',
  todoTagsNone: 'No tags yet. Create them with Manage Tags in Daily Goals.',
  todoTagsHint: (max: number) => `Choose up to ${max} tags.`,
  planReminderBody: 'A task of today’s plan is waiting for you.',

  // social
  socialTitle: 'Social',
  socialSubtitle: 'Connect with friends, chat, and share daily plans',
  searchPlaceholder: 'Search by name or email...',
  noFriends: 'No friends yet. Search for users to send friend requests!',
  noFriendsToChat: 'No friends to chat with yet',
  selectFriendToChat: 'Select a friend to start chatting',
  messagePlaceholder: 'Type a message...',
  sharedPlansTitle: 'Shared Daily Plans',
  noSharedPlans: 'No shared plans yet',
  addFriendsFirst: 'Add friends first to create shared plans',
  sharedTaskPlaceholder: 'Add a new task...',
  noSharedTasks: 'No tasks yet. Add one above!',
  deleteMessageText: 'Are you sure you want to delete this message? This action cannot be undone.',
  deleteChatText: 'All messages will be permanently deleted and cannot be recovered.',
  removeFriendText: 'You can send a new friend request later if you change your mind.',
  // ours: the wording of these dialogs (docs/product/social.md)
  deleteSharedPlanText: (title: string) =>
    `Delete "${title}"? All of its tasks will be permanently lost.`,
  deleteSharedTaskText: (title: string) => `Delete the task "${title}"?`,
  friendRequestExists: 'Friend request already sent',
  alreadyFriends: 'You are already friends',
  permissionDenied: 'Permission denied',
  deleteOwnMessagesOnly: 'Permission denied - You can only delete your own messages',
  editOwnMessagesOnly: 'Permission denied - You can only edit your own messages',
  editWindowPassed: 'Message can only be edited within 5 minutes of sending',
  sharedTaskNotFound: 'Task not found',
  // ours: server rules of docs/product/social.md
  friendRequestToSelf: 'You cannot send a friend request to yourself',
  friendsOnly: 'You can only do this with a friend',
  messageRequiredText: 'Message cannot be empty',
  socialLoadFailed: 'Failed to load social data',
  searchFailed: 'Failed to search users',
  sendRequestFailed: 'Failed to send friend request',
  acceptRequestFailed: 'Failed to accept friend request',
  rejectRequestFailed: 'Failed to reject friend request',
  openChatFailed: 'Failed to open chat',
  sendMessageFailed: 'Failed to send message',
  deleteMessageFailed: 'Failed to delete message',
  editMessageFailed: 'Failed to edit message',
  createSharedPlanFailed: 'Failed to create shared plan',
  addTaskFailed: 'Failed to add task',
  updateTaskFailed: 'Failed to update task',
  deleteSharedPlanFailed: 'Failed to delete plan',
  deleteTaskFailed: 'Failed to delete task',
  deleteChatFailed: 'Failed to delete chat',
  removeFriendFailed: 'Failed to remove friend',

  // Screens
  pageNotFound: 'Page not found',
  errorTitle: 'Something went wrong',
  errorText: "We're sorry, but something unexpected happened. Please try refreshing the page.",

  // ours: more social texts (docs/product/social.md)
  noUsersFound: 'No users found',
  searchTooShort: 'Type at least 2 letters to search.',
  noUsersFoundHint:
    'Profiles start private, so a friend may not show up yet. They can make their profile visible in Settings.',
  chatNeedsFriends: 'Add a friend on the Friends tab to start chatting.',
  messagesLoadFailed: 'We could not load the messages.',
  noMessagesYet: 'No messages yet. Say hello!',

  // ours: plans of other days than today (issue 14)
  planDayOutOfReach: 'Please choose a day within a year of today',
  planDayPast: 'Please choose today or a later day',
  // ours: the todo dialog's Due Date, whose picker starts at today (issue 31)
  dueDatePast: 'Please choose today or a later date',
  noPlanOn: (day: string) => `No plan for ${day}`,
  createPlanFor: (day: string) => `Create Plan for ${day}`,

  // ours: Today and Upcoming (issue 14)
  agendaLoadFailed: 'Failed to load what is due',
  nothingDueToday: 'Nothing due today',
  nothingUpcoming: 'Nothing due in the next 7 days',
  nothingDueHint: 'Todos with a due date and the tasks of your plans show up here.',
  nothingDueOnDay: 'Nothing due',

  // ours: turning reminder emails off from an email's link (issue 14)
  unsubscribing: 'Turning off reminder emails…',
  unsubscribed:
    'Reminder emails are off. You can turn them back on under Email Notifications in Settings.',
  unsubscribeFailed: 'We could not turn off reminder emails. Please try again.',
  unsubscribeLinkInvalid: 'This link to turn off reminder emails is not valid.',

  // ours: API tokens and the calendar feed (issue 16, docs/product/feed-and-tokens.md)
  tokenReadOnly: 'This API token can only read. Create a read-write token to make changes.',
  cookieOnly: 'API tokens cannot be used here. Sign in to Daywise in a browser to do this.',
  apiTokensLoadFailed: 'Failed to load your API tokens',
  apiTokenCreateFailed: 'Failed to create the API token',
  apiTokenRevokeFailed: 'Failed to revoke the API token',
  apiTokenRevoked: (name: string) => `Token "${name}" revoked`,
  apiTokenNameRequired: 'Please give the token a name',
  apiTokenShownOnce:
    'Copy this token now. It will not be shown again; if you lose it, revoke it and create another.',
  apiTokenQuota: 'You can have at most 20 API tokens. Revoke one you no longer use first.',
  noApiTokens: 'No API tokens yet.',
  revokeApiTokenText: (name: string) =>
    `Revoke "${name}"? Scripts using it will stop working at once.`,
  calendarFeedLoadFailed: 'Failed to load your calendar feed',
  calendarFeedOff: 'Your calendar feed is off.',
  calendarFeedChangeFailed: 'Failed to change your calendar feed',
  calendarFeedRotated: 'New feed address made. The old one no longer works.',
  calendarFeedTurnedOff: 'Calendar feed turned off',
  rotateFeedText:
    'Make a new feed address? The old one stops working at once, and calendars subscribed to it must subscribe again.',
  turnOffFeedText: 'Turn off the calendar feed? Calendars subscribed to it stop receiving updates.',
  copied: 'Copied to the clipboard',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',

  // ours: repeating todos and habits, the web's texts (issue 15, docs/product/todos.md)
  repeatDueDateSet: 'Due date set to today: a repeating todo starts on its due date.',
  repeatIntervalInvalid: `Please enter a whole number from 1 to ${REPEAT_LIMITS.intervalMax}`,
  repeatWeekdaysMissing: 'Please choose at least one day of the week',
  repeatMonthDayInvalid: 'Please enter a day of the month from 1 to 31',
  repeatCountInvalid: `Please enter how many times, from 1 to ${REPEAT_LIMITS.countMax}`,
  repeatUntilInvalid: 'Please choose an end date on or after the due date',
  repeatDone: (next: string) => `Done — next: ${next}`,
  repeatLastDone: 'Done — that was the last one',
  repeatUndone: (due: string) => `Undone — due ${due} again`,
  todoSkipped: (next: string) => `Skipped — next: ${next}`,
  todoSkippedLast: 'Skipped — that was the last one',
  todoSkipFailed: 'Failed to skip todo',
  noHabitsYet: 'No habits yet. Make a todo repeat to start a streak.',

  // ours: days off (issue 15, docs/product/profile-and-settings.md)
  daysOffExplained:
    'Days off pause your habits: an occurrence due on a day off neither breaks nor extends a streak. Every 7 on time in a row earns a freeze, which covers one missed occurrence.',
  daysOffLoadFailed: 'Failed to load your days off',
  noDaysOff: 'No days off planned',
  dayOffAdded: 'Days off added',
  dayOffAddFailed: 'Failed to add days off',
  dayOffCancelled: 'Days off cancelled',
  dayOffCancelFailed: 'Failed to cancel days off',
  dayOffStartRequired: 'Please choose the first day off',
  dayOffEndBeforeStart: 'The last day off cannot be before the first',
  // ours: repeating todos, habits and days off, as the server answers them (issue 15)
  repeatRuleInvalid: (detail: string) => `This repeat is not supported: ${detail}.`,
  repeatNeedsDueDate: 'A repeating todo needs a due date',
  repeatNeverOccurs: 'This repeat has no date on or after the due date',
  repeatNotRepeating: 'This todo does not repeat',
  repeatEnded: 'This repeating todo has ended',
  repeatNothingToUndo: 'There is nothing to undo for this todo',
  // ours: the days any date may name (ADR 0022)
  dateOutOfRange: (first: string, last: string) => `Please choose a date from ${first} to ${last}`,
  daysOffLimit: (limit: number) => `You can keep at most ${limit} periods of days off.`,
  daysOffTooLong: (days: number) => `Days off can span at most ${days} days.`,
} as const;
