import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiUrl,
  postEndpoint,
  ROLE,
  ROOMS_API,
  useSession,
  type BookRoomBody,
  type FreeRoomsBody,
  type RoomSaveBody,
} from '@lms/shared';

export const getRooms = postEndpoint(ROOMS_API.list);
export const saveRoom = postEndpoint(ROOMS_API.save);
export const getFreeRooms = postEndpoint(ROOMS_API.free);
export const getRoomWeek = postEndpoint(ROOMS_API.week);
export const getTeaching = postEndpoint(ROOMS_API.teaching);
export const getBookings = postEndpoint(ROOMS_API.bookings);
export const bookRoom = postEndpoint(ROOMS_API.book);
export const cancelBooking = postEndpoint(ROOMS_API.cancel);
/** The room's printable sheet (PDF, in the reader's language) of the week starting `from`. */
export const roomSheetUrl = (id: number, from: string) =>
  apiUrl(ROOMS_API.sheet, { id: String(id), date: from });

export const roomKeys = {
  all: ['rooms'] as const,
  list: ['rooms', 'list'] as const,
  free: (search: FreeRoomsBody) => ['rooms', 'free', search] as const,
  week: (id: number, date: string | undefined) => ['rooms', 'week', id, date ?? ''] as const,
  teaching: (uid: number) => ['rooms', 'teaching', uid] as const,
  bookings: (uid: number) => ['rooms', 'bookings', uid] as const,
};

/** The free rooms for a search (none is asked until the form is sent: `search` null). */
export function useFreeRooms(search: FreeRoomsBody | null) {
  return useQuery({
    queryKey: roomKeys.free(search ?? {}),
    queryFn: () => getFreeRooms(search ?? {}),
    enabled: search !== null,
  });
}

export function useRoomWeek(id: number, date?: string) {
  return useQuery({
    queryKey: roomKeys.week(id, date),
    queryFn: () => getRoomWeek(date ? { id, date } : { id }),
  });
}

const useTeacherUid = () => {
  const user = useSession().user;
  return user?.role === ROLE.teacher ? user.uid : 0;
};

/** The groups and disciplines the signed-in teacher teaches (none for others). */
export function useTeaching() {
  const uid = useTeacherUid();
  return useQuery({
    queryKey: roomKeys.teaching(uid),
    queryFn: () => getTeaching({}),
    enabled: uid !== 0,
  });
}

export function useMyBookings() {
  const uid = useTeacherUid();
  return useQuery({
    queryKey: roomKeys.bookings(uid),
    queryFn: () => getBookings({}),
    enabled: uid !== 0,
  });
}

/** Books a room; every rooms query (free rooms, weeks, bookings) is read again. */
export function useBookRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookRoomBody) => bookRoom(body),
    onSettled: () => client.invalidateQueries({ queryKey: roomKeys.all }),
  });
}

export function useCancelBooking() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelBooking({ id }),
    onSettled: () => client.invalidateQueries({ queryKey: roomKeys.all }),
  });
}

/** Every room (the registrar's list). */
export function useRoomList() {
  return useQuery({ queryKey: roomKeys.list, queryFn: () => getRooms({}) });
}

/** The registrar adds or changes a room; every rooms query is read again. */
export function useSaveRoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RoomSaveBody) => saveRoom(body),
    onSettled: () => client.invalidateQueries({ queryKey: roomKeys.all }),
  });
}
