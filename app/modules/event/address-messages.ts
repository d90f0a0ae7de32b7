// The address search's words (docs/product/messages.md#the-light), shared by the server's
// geocoder client and Edit Event's search, which says them when the device cannot reach us.

export const ADDRESS_SEARCH_UNREACHABLE = "Could not reach the address search. Try again, or type the latitude and longitude.";
/** Nothing found: the vendor knows no place by that name. */
export const NO_PLACES_FOUND = "No places found. Try a fuller address, or type the latitude and longitude.";
