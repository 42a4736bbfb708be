//! How a command's own struct goes on the wire as a struct variant of `GameCommand`
//! (`Move(unit: "a", to: (1, 2))` in RON, `{"Move": {...}}` in JSON): a serializer that turns
//! the struct into the variant, and a deserializer that reads the variant's fields into the
//! struct. Keeps scripts and saves in the format they had when the enum held the fields.

use serde::de::{self, Deserializer, VariantAccess, Visitor};
use serde::ser::{self, Impossible, Serialize, SerializeStruct, SerializeStructVariant, Serializer};

/// Serializes a command struct as variant `variant` (number `index`) of `GameCommand`.
pub struct AsVariant<S> {
    ser: S,
    index: u32,
    variant: &'static str,
}

impl<S> AsVariant<S> {
    pub fn new(ser: S, index: u32, variant: &'static str) -> Self {
        Self { ser, index, variant }
    }
}

/// The fields of a struct, written as the fields of a struct variant.
pub struct Fields<T>(T);

impl<T: SerializeStructVariant> SerializeStruct for Fields<T> {
    type Ok = T::Ok;
    type Error = T::Error;

    fn serialize_field<V: ?Sized + Serialize>(&mut self, key: &'static str, value: &V) -> Result<(), T::Error> {
        self.0.serialize_field(key, value)
    }

    fn skip_field(&mut self, key: &'static str) -> Result<(), T::Error> {
        self.0.skip_field(key)
    }

    fn end(self) -> Result<T::Ok, T::Error> {
        self.0.end()
    }
}

fn only_structs<E: ser::Error>() -> E {
    E::custom("a command is a struct or a unit struct")
}

impl<S: Serializer> Serializer for AsVariant<S> {
    type Ok = S::Ok;
    type Error = S::Error;
    type SerializeSeq = Impossible<S::Ok, S::Error>;
    type SerializeTuple = Impossible<S::Ok, S::Error>;
    type SerializeTupleStruct = Impossible<S::Ok, S::Error>;
    type SerializeTupleVariant = Impossible<S::Ok, S::Error>;
    type SerializeMap = Impossible<S::Ok, S::Error>;
    type SerializeStruct = Fields<S::SerializeStructVariant>;
    type SerializeStructVariant = Impossible<S::Ok, S::Error>;

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Self::SerializeStruct, S::Error> {
        self.ser
            .serialize_struct_variant("GameCommand", self.index, self.variant, len)
            .map(Fields)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<S::Ok, S::Error> {
        self.ser.serialize_unit_variant("GameCommand", self.index, self.variant)
    }

    fn serialize_bool(self, _: bool) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_i8(self, _: i8) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_i16(self, _: i16) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_i32(self, _: i32) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_i64(self, _: i64) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_u8(self, _: u8) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_u16(self, _: u16) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_u32(self, _: u32) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_u64(self, _: u64) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_f32(self, _: f32) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_f64(self, _: f64) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_char(self, _: char) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_str(self, _: &str) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_none(self) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_unit(self) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, _: &T) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<S::Ok, S::Error> {
        Err(only_structs())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, S::Error> {
        Err(only_structs())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, S::Error> {
        Err(only_structs())
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, S::Error> {
        Err(only_structs())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, S::Error> {
        Err(only_structs())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, S::Error> {
        Err(only_structs())
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, S::Error> {
        Err(only_structs())
    }
}

/// Reads a command's struct from the fields of the variant being read.
pub struct VariantFields<A>(pub A);

impl<'de, A: VariantAccess<'de>> Deserializer<'de> for VariantFields<A> {
    type Error = A::Error;

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        self.0.struct_variant(fields, visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value, A::Error> {
        self.0.unit_variant()?;
        visitor.visit_unit()
    }

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, A::Error> {
        Err(de::Error::custom("a command is a struct or a unit struct"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        newtype_struct seq tuple tuple_struct map enum identifier ignored_any
    }
}
