/**
 * A name a user chose (nickname, display name), isolated from the text around it: `<bdi>` takes its
 * direction from its own first letter and keeps it inside, so a right-to-left name, or an old one
 * still holding a direction override, cannot reorder the words or the link next to it.
 */
export function UserName({ name }: { name: string }) {
  return <bdi>{name}</bdi>;
}
