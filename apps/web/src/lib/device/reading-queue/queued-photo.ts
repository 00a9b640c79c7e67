/** The photo of a waiting SEND (issue 36), kept until the SEND that names it leaves the device. */
export type QueuedPhoto = {
  /** The id the device gave the photo, the one the SEND's `photoId` names. */
  id: string;
  /** The user who took it; `Slet dem` at sign-out removes it with their SENDs. */
  userId: string;
  /** The shrunk JPEG, without the original's metadata. */
  blob: Blob;
};
